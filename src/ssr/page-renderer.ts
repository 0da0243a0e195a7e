import { readFile } from 'node:fs/promises';
import type { RenderedPage } from './render-page';
import type { RequestContext } from '../request-context';

/** How the page controller turns a request into HTML: a template and the React renderer. */
export interface PageRenderer {
  template(url: string): Promise<string>;
  render(request: Request, context: RequestContext, nonce: string): Promise<RenderedPage>;
}

type RenderPage = PageRenderer['render'];

/** Production and tests: a fixed template (the built one, or the source index.html) read once. */
export function fileTemplateRenderer(templatePath: string, render: RenderPage): PageRenderer {
  let template: Promise<string> | undefined;
  return {
    template: () => (template ??= readFile(templatePath, 'utf8')),
    render,
  };
}
