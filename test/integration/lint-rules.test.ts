import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js are what keep the folders readable; these checks fail if a
// change to the configuration switches them off without anyone noticing.
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** What lint says about the code as if it were the file at filePath. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

describe('the folders’ import direction', () => {
  it('refuses views in the seeds, models in the views, and controllers in shared code', async () => {
    expect(await rulesBroken('seeds/example.ts', "import { Icon } from '../views/components/icon';\nexport const icon = Icon;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await rulesBroken('views/components/example.tsx', "import { InquiryCollection } from '../../models/inquiry.model';\nexport const model = InquiryCollection;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken('src/catalog/example.ts', "import { createApp } from '../../server/app';\nexport const app = createApp;\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets each folder import what sits below it', async () => {
    expect(
      await rulesBroken('views/components/example.tsx', "import { contactPath } from '../../src/contact/contact-path';\nexport const path = contactPath;\n"),
    ).toEqual([]);
    expect(await rulesBroken('services/example.ts', "import { InquiryCollection } from '../models/inquiry.model';\nexport const model = InquiryCollection;\n")).toEqual(
      [],
    );
  });

  it('refuses an import cycle', async () => {
    // contact-prefill.ts imports contact-schema.ts, so contact-schema importing it back closes a cycle.
    const [result] = await eslint.lintText("import { prefillFromSearchParams } from './contact-prefill';\nexport const prefill = prefillFromSearchParams;\n", {
      filePath: 'src/contact/contact-schema.ts',
    });
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('server-only code (*.server.ts) stays out of the browser', () => {
  const inViews = expect.stringContaining('views run in the browser: import the server-only module from the server side');
  const inShared = expect.stringContaining('shared src files reach the browser through the views: only a *.server.ts file may import a *.server.ts module');

  it('refuses a view importing a .server module', async () => {
    expect(
      await problems('views/components/example.tsx', "import { structuredData } from '../../src/head/structured-data.server';\nexport const data = structuredData;\n"),
    ).toContainEqual(inViews);
    expect(
      await problems(
        'views/pages/example.tsx',
        "import { createMailTransport } from '../../src/mail/mail-transport.server';\nexport const transport = createMailTransport;\n",
      ),
    ).toContainEqual(inViews);
    expect(
      await problems('views/pages/example.tsx', "import type { Logger } from '../../src/logging/logger.server';\nexport type PageLogger = Logger;\n"),
    ).toContainEqual(inViews);
  });

  it('refuses a shared src file importing a .server module, since the views would carry it into the bundle', async () => {
    expect(await problems('src/catalog/example.ts', "import { createLogger } from '../logging/logger.server';\nexport const logger = createLogger;\n")).toContainEqual(
      inShared,
    );
    expect(await problems('src/head/example.tsx', "import { structuredData } from './structured-data.server';\nexport const data = structuredData;\n")).toContainEqual(
      inShared,
    );
  });

  it('lets a .server.ts file import another', async () => {
    expect(
      await problems('src/mail/example.server.ts', "import { createMailTransport } from './mail-transport.server';\nexport const transport = createMailTransport;\n"),
    ).toEqual([]);
    expect(await problems('src/catalog/example.server.ts', "import { createLogger } from '../logging/logger.server';\nexport const logger = createLogger;\n")).toEqual(
      [],
    );
  });

  it('lets the server’s entry, views/entry-server.tsx, import server-only code', async () => {
    expect(
      await problems('views/entry-server.tsx', "import { structuredData } from '../src/head/structured-data.server';\nexport const data = structuredData;\n"),
    ).toEqual([]);
  });
});

describe('the staff area stays out of the public site', () => {
  const staffInPublic = expect.stringContaining('public pages may not import the staff area (views/staff/)');

  it('refuses a public view importing from views/staff/, and lets staff views use the public components', async () => {
    expect(await problems('views/pages/example.tsx', "import { staffRoutes } from '../staff/staff-routes';\nexport const routes = staffRoutes;\n")).toContainEqual(
      staffInPublic,
    );
    expect(await problems('views/routes.ts', "import { staffRoutes } from './staff/staff-routes';\nexport const routes = staffRoutes;\n")).toContainEqual(staffInPublic);
    expect(await problems('views/staff/pages/example.tsx', "import { Card } from '../../components/card';\nexport const card = Card;\n")).toEqual([]);
  });
});
