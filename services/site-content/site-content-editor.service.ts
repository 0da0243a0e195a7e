import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { siteContentRepository, type SiteContentVersion } from '../../models/site-content.repository';
import { noticeInstant } from '../../src/business/business-moment';
import { wallClock } from '../../src/business/business-time';
import { holidaySchema, promotionSchema, type Holiday, type Promotion } from '../../src/config/business-file';
import { PROMOTION_PLACES, type PromotionPlace } from '../../src/config/promotion-places';
import type {
  HolidayInput,
  PromotionInput,
  SiteContentChange,
  SiteContentEditor,
  SiteContentField,
  SiteContentView,
  StaffHoliday,
  StaffSiteContent,
} from '../../src/site-content/site-content';
import { siteNoticeSchema } from '../../src/site-content/site-notice';
import type { AuditEntry, AuditRecorder } from '../../src/staff/audit-log';
import { can, requirePermission } from '../../src/staff/staff-permissions';
import type { StaffMemberView, StaffRequest } from '../../src/staff/staff-request';
import type { Clock } from '../../src/time/clock';

export interface SiteContentEditorOptions {
  clock: Clock;
  audit: AuditRecorder;
  /** The business file as read at start: its promotions and holidays are listed, never changed here. */
  file: { promotions: readonly Promotion[]; holidays: readonly Holiday[]; showrooms: readonly { id: string; name: string }[] };
}

type FieldErrors = Partial<Record<SiteContentField, string>>;

const LABELS: Record<SiteContentField, string> = {
  title: 'The title',
  text: 'The text',
  start: 'The start',
  end: 'The end',
  places: 'Where it shows',
  name: 'The name',
  date: 'The date',
  opens: 'Opens',
  closes: 'Closes',
  showrooms: 'Showrooms',
  link: 'The link',
};

const FORBIDDEN = 'Your role does not allow changing promotions, closures or the notice. Ask a manager or an owner.';
const CHANGED_MEANWHILE = 'Someone else saved a change at the same moment. Nothing of yours was saved; please try again.';

/** The business file's messages ("must be a date written YYYY-MM-DD"), with the field named, per field. */
function fieldErrors(error: z.ZodError, rootField: SiteContentField): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = (typeof issue.path[0] === 'string' ? issue.path[0] : rootField) as SiteContentField;
    if (errors[field] || !(field in LABELS)) continue;
    const message =
      issue.code === 'too_big' && 'maximum' in issue
        ? `must be at most ${String(issue.maximum)} characters`
        : issue.code === 'too_small' || issue.code === 'invalid_type'
          ? 'is required'
          : issue.message;
    errors[field] = `${LABELS[field]} ${message}.`;
  }
  return errors;
}

const refusedFields = (errors: FieldErrors): SiteContentChange => ({ ok: false, status: 400, fieldErrors: errors });
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

function actorOf(request: StaffRequest): StaffMemberView {
  const actor = request.session?.purpose === 'staff' ? request.session.staff : null;
  if (!actor) throw new Error('promotions and closures need a signed-in staff member');
  return actor;
}

/**
 * Promotions, holiday closures and hours, and the site notice, edited in the staff area (issue 24,
 * point 5). Any staff member reads them; 'manage-promotions' (managers, owners) changes them, a
 * refusal recording `access.denied`. Every entry is checked by the business file's own schemas
 * (one definition, src/config/business-file.ts), plus what only makes sense for a new entry (not
 * already over, a showroom that exists, one closure per date and showroom); anything wrong saves
 * nothing. A change is decided on the content as read and written only if it is still so (the
 * revision), so two managers saving at once never lose each other's change. Each change records
 * promotion.changed, closure.changed or site-notice.changed with the entry before and after.
 */
export function createSiteContentEditor({ clock, audit, file }: SiteContentEditorOptions): SiteContentEditor {
  const showroomIds = new Set(file.showrooms.map((showroom) => showroom.id));
  const filePromotionIds = new Set(file.promotions.map((promotion) => promotion.id));
  const today = () => wallClock(clock()).date;

  /** The changer, or the refusal (recorded). */
  async function changer(request: StaffRequest, what: string): Promise<StaffMemberView | SiteContentChange> {
    const actor = actorOf(request);
    try {
      requirePermission(actor, 'manage-promotions');
      return actor;
    } catch {
      await audit.record({ kind: 'access.denied', details: { permission: 'manage-promotions', change: what } }, request);
      return { ok: false, status: 403, fieldErrors: {}, message: FORBIDDEN };
    }
  }

  /**
   * Applies a change to the content as it is now, retrying on a concurrent write; `decide` answers
   * the next content (and the audit entry) or a refusal.
   */
  async function change(
    request: StaffRequest,
    what: string,
    decide: (current: SiteContentVersion) => { next: StaffSiteContent; audit: AuditEntry; id?: string } | SiteContentChange,
  ): Promise<SiteContentChange> {
    const actor = await changer(request, what);
    if ('ok' in actor) return actor;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await siteContentRepository.read();
      const decision = decide(current);
      if ('ok' in decision) return decision;
      if (await siteContentRepository.write(current, decision.next, clock())) {
        await audit.record(decision.audit, request);
        return { ok: true, ...(decision.id ? { id: decision.id } : {}) };
      }
    }
    return { ok: false, status: 409, fieldErrors: {}, message: CHANGED_MEANWHILE };
  }

  const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));
  const notFound = (what: string): SiteContentChange => ({ ok: false, status: 404, fieldErrors: {}, message: `That ${what} is not there any more.` });

  function checkPromotion(id: string, input: PromotionInput): Promotion | FieldErrors {
    const places = input.places.filter((place): place is PromotionPlace => (PROMOTION_PLACES as readonly string[]).includes(place));
    const parsed = promotionSchema.safeParse({
      id,
      title: input.title,
      text: input.text,
      start: input.start.trim(),
      end: input.end.trim(),
      ...(places.length === PROMOTION_PLACES.length ? {} : { places: places.length > 0 ? places : undefined }),
    });
    const errors = parsed.success ? {} : fieldErrors(parsed.error, 'end');
    if (places.length === 0) errors.places = 'Choose at least one kind of page it shows on.';
    if (parsed.success && parsed.data.end < today()) errors.end = 'The end must be today or later: a promotion that is over would never show.';
    return Object.keys(errors).length > 0 || !parsed.success ? errors : parsed.data;
  }

  function checkHoliday(id: string, input: HolidayInput, others: readonly StaffHoliday[]): StaffHoliday | FieldErrors {
    const showrooms = input.showrooms.filter((showroom) => showroom !== '');
    const parsed = holidaySchema.safeParse({
      name: input.name,
      date: input.date.trim(),
      opens: optional(input.opens),
      closes: optional(input.closes),
      showrooms: showrooms.length > 0 ? showrooms : undefined,
    });
    const errors = parsed.success ? {} : fieldErrors(parsed.error, optional(input.opens) === undefined ? 'opens' : 'closes');
    if (showrooms.some((showroom) => !showroomIds.has(showroom))) errors.showrooms = 'Choose showrooms from the list.';
    if (!parsed.success || Object.keys(errors).length > 0) return errors;
    const holiday: Holiday = parsed.data;
    if (holiday.date < today()) errors.date = 'The date must be today or later.';
    const overlaps = (other: StaffHoliday) =>
      other.id !== id &&
      other.date === holiday.date &&
      (!other.showrooms || !holiday.showrooms || other.showrooms.some((showroom) => holiday.showrooms!.includes(showroom)));
    if (others.some(overlaps)) errors.date = 'Another closure you added is on this date for the same showroom. Change that one instead.';
    return Object.keys(errors).length > 0 ? errors : { id, ...holiday };
  }

  return {
    async read(request) {
      const actor = actorOf(request);
      const content = await siteContentRepository.read();
      const view: SiteContentView = {
        promotions: [
          ...file.promotions.map((promotion) => ({ ...promotion, source: 'file' as const })),
          ...content.promotions.map((promotion) => ({ ...promotion, source: 'staff' as const })),
        ].sort((a, b) => a.start.localeCompare(b.start)),
        holidays: [
          ...file.holidays.map((holiday) => ({ ...holiday, source: 'file' as const })),
          ...content.holidays.map((holiday) => ({ ...holiday, source: 'staff' as const })),
        ].sort((a, b) => a.date.localeCompare(b.date)),
        notice: content.notice,
        showrooms: file.showrooms.map(({ id, name }) => ({ id, name })),
        today: today(),
        canChange: can(actor.role, 'manage-promotions'),
      };
      return view;
    },

    savePromotion: (id, input, request) =>
      change(request, 'promotion', (current) => {
        if (id !== undefined && filePromotionIds.has(id))
          return { ok: false, status: 409, fieldErrors: {}, message: 'That promotion is in the business file: change it there.' };
        const before = id === undefined ? undefined : current.promotions.find((promotion) => promotion.id === id);
        if (id !== undefined && !before) return notFound('promotion');
        const checked = checkPromotion(id ?? `p-${randomUUID().slice(0, 8)}`, input);
        if (!('id' in checked)) return refusedFields(checked);
        const promotions = before ? current.promotions.map((promotion) => (promotion.id === id ? checked : promotion)) : [...current.promotions, checked];
        return {
          next: { ...current, promotions },
          id: checked.id,
          audit: { kind: 'promotion.changed', details: { promotion: checked.id, before: json(before), after: json(checked) } },
        };
      }),

    deletePromotion: (id, request) =>
      change(request, 'promotion', (current) => {
        const before = current.promotions.find((promotion) => promotion.id === id);
        if (!before)
          return filePromotionIds.has(id)
            ? { ok: false, status: 409, fieldErrors: {}, message: 'That promotion is in the business file: change it there.' }
            : notFound('promotion');
        return {
          next: { ...current, promotions: current.promotions.filter((promotion) => promotion.id !== id) },
          audit: { kind: 'promotion.changed', details: { promotion: id, before: json(before), after: '' } },
        };
      }),

    saveHoliday: (id, input, request) =>
      change(request, 'closure', (current) => {
        const before = id === undefined ? undefined : current.holidays.find((holiday) => holiday.id === id);
        if (id !== undefined && !before) return notFound('closure');
        const checked = checkHoliday(id ?? `h-${randomUUID().slice(0, 8)}`, input, current.holidays);
        if (!('id' in checked)) return refusedFields(checked);
        const holidays = before ? current.holidays.map((holiday) => (holiday.id === id ? checked : holiday)) : [...current.holidays, checked];
        return {
          next: { ...current, holidays },
          id: checked.id,
          audit: { kind: 'closure.changed', details: { closure: checked.id, date: checked.date, before: json(before), after: json(checked) } },
        };
      }),

    deleteHoliday: (id, request) =>
      change(request, 'closure', (current) => {
        const before = current.holidays.find((holiday) => holiday.id === id);
        if (!before) return notFound('closure');
        return {
          next: { ...current, holidays: current.holidays.filter((holiday) => holiday.id !== id) },
          audit: { kind: 'closure.changed', details: { closure: id, date: before.date, before: json(before), after: '' } },
        };
      }),

    saveNotice: (input, request) =>
      change(request, 'notice', (current) => {
        const parsed = siteNoticeSchema.safeParse({ text: input.text, link: optional(input.link), start: input.start.trim(), end: input.end.trim() });
        if (!parsed.success) return refusedFields(fieldErrors(parsed.error, 'end'));
        if (noticeInstant(parsed.data.end).getTime() <= clock().getTime())
          return refusedFields({ end: 'The end must be later than now: a notice that is over would never show.' });
        return {
          next: { ...current, notice: parsed.data },
          audit: { kind: 'site-notice.changed', details: { before: json(current.notice), after: json(parsed.data) } },
        };
      }),

    clearNotice: (request) =>
      change(request, 'notice', (current) =>
        current.notice === null
          ? { ok: true }
          : { next: { ...current, notice: null }, audit: { kind: 'site-notice.changed', details: { before: json(current.notice), after: '' } } },
      ),
  };
}
