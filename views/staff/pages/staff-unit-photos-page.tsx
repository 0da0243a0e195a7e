import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  data,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
  useSubmit,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import {
  UNIT_PHOTO_LIMIT,
  UPLOAD_FIELD,
  UPLOAD_PHOTO_BYTES,
  unitPhotosContext,
  type PhotoMove,
  type PhotoUploadView,
  type UnitPhotosChange,
  type UnitPhotosView,
} from '../../../src/staff/unit-photos';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { StaffForm } from '../components/staff-form';
import { useStaffLayout } from '../layout/staff-layout';
import { STAFF_ROUTE_HEADER } from '../layout/server-data-routes';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer, type ChangeRefusal } from './owner-answers';

const ROUTE_ID = 'staff-unit-photos-page';
const pageOf = (stock: string) => `/staff/inventory/${encodeURIComponent(stock)}/photos`;
/** While an upload is processing, how often the page (with JavaScript) asks how it stands. */
const POLL_MS = 3000;

async function unitPhotosLoader({ params, context }: LoaderFunctionArgs): Promise<{ unit: UnitPhotosView }> {
  const stock = params.stock ?? '';
  const unit = await staffAnswer(() => context.get(unitPhotosContext).view(stock, context.get(staffRequestContext)), pageOf(stock));
  if (!unit) throw data('There is no unit with this stock number.', { status: 404 });
  return { unit };
}

const INTENTS = ['upload', 'move', 'delete', 'reorder'] as const;
type PhotoIntent = (typeof INTENTS)[number];
const MOVES: readonly PhotoMove[] = ['first', 'up', 'down'];

/** Every change on the photos page: files (a multipart form, received by the controller), or a form's `intent`. */
async function unitPhotosAction({ params, request, context }: ActionFunctionArgs) {
  const stock = params.stock ?? '';
  const staffRequest = context.get(staffRequestContext);
  const photos = context.get(unitPhotosContext);
  const form = await request.formData();
  const intent = staffRequest.files ? 'upload' : fieldText(form, 'intent');
  const change = await staffAnswer(async (): Promise<UnitPhotosChange> => {
    if (intent === 'upload') return photos.receive(stock, staffRequest.files ?? [], staffRequest);
    const hash = fieldText(form, 'photo');
    if (intent === 'move') {
      const move = fieldText(form, 'move') as PhotoMove;
      return MOVES.includes(move) ? photos.move(stock, hash, move, staffRequest) : { ok: false, status: 400, message: 'Choose where the photo goes.' };
    }
    if (intent === 'delete') return photos.remove(stock, hash, staffRequest);
    if (intent === 'reorder') return photos.reorder(stock, fieldText(form, 'order').split(',').filter(Boolean), staffRequest);
    return { ok: false, status: 400, message: 'This form is not known here. Reload the page and try again.' };
  }, pageOf(stock));
  if (!change.ok) return data<ChangeRefusal>({ intent, error: change.message }, { status: change.status });
  return redirect(`${pageOf(stock)}?done=${(INTENTS as readonly string[]).includes(intent) ? intent : 'move'}`, 303);
}

const DONE: Record<PhotoIntent, string> = {
  upload: 'Received. Each photo appears below and on the unit’s page as soon as it is processed.',
  move: 'The order is saved.',
  delete: 'The photo is deleted.',
  reorder: 'The new order is saved.',
};

const STATE_TEXT: Record<PhotoUploadView['state'], string> = { processing: 'Processing…', ready: 'Ready', refused: 'Refused' };
const STATE_CLASSES: Record<PhotoUploadView['state'], string> = {
  processing: 'bg-sun-100 text-ink-900',
  ready: 'bg-success-50 text-success-700',
  refused: 'bg-danger-50 text-danger-700',
};

/** The bridge's answer: { redirect } once received, else { data } with the refusal (as it is, or as data() wraps it); null if not JSON. */
type UploadAnswer = { redirect?: string; data?: { error?: string; data?: { error?: string } } };
function bridgeAnswer(text: string): UploadAnswer | null {
  try {
    return JSON.parse(text) as UploadAnswer;
  } catch {
    return null;
  }
}

/**
 * The upload form: a plain multipart POST without JavaScript (the form token first, so the server
 * checks it before any file); with JavaScript the same request through XMLHttpRequest, for its
 * upload progress, answered as the staff bridge answers (a redirect to follow, or the refusal).
 */
function UploadForm({ stock, room }: { stock: string; room: number }) {
  const { formToken } = useStaffLayout();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader(STAFF_ROUTE_HEADER, ROUTE_ID);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (update) => update.lengthComputable && setProgress(Math.round((update.loaded / update.total) * 100));
    request.onerror = () => {
      setProgress(null);
      setError('The upload did not reach the server. Check the connection and try again.');
    };
    request.onload = () => {
      setProgress(null);
      const answer = bridgeAnswer(request.responseText);
      if (answer?.redirect) {
        form.reset();
        setError(null);
        void navigate(answer.redirect, { replace: true });
      } else {
        setError(
          answer?.data?.error ?? answer?.data?.data?.error ?? (answer ? 'The upload failed. Please try again.' : request.responseText.trim() || 'The upload failed.'),
        );
      }
    };
    setError(null);
    setProgress(0);
    request.send(body);
  };

  return (
    <Card as="section" className="mt-5 p-4 sm:p-5">
      <h2 id="upload-title" className="text-lg font-bold text-ink-900">
        Add photos
      </h2>
      <form method="post" action={pageOf(stock)} encType="multipart/form-data" onSubmit={send} aria-labelledby="upload-title" className="mt-3 grid gap-3">
        {formToken ? <input type="hidden" name="formToken" value={formToken} /> : null}
        <label htmlFor="photos-input" className="font-semibold text-ink-900">
          Photos (JPEG, PNG, WebP or AVIF, up to {UPLOAD_PHOTO_BYTES / 1024 / 1024} MB each)
        </label>
        <p id="photos-hint" className="text-sm text-ink-700">
          On a phone this opens the camera. {room > 0 ? `This unit can take ${room} more.` : `This unit has ${UNIT_PHOTO_LIMIT} photos, the most it may have.`}
        </p>
        <input
          id="photos-input"
          type="file"
          name={UPLOAD_FIELD}
          accept="image/*"
          multiple
          required
          disabled={room <= 0}
          aria-describedby="photos-hint"
          className="block w-full text-sm text-ink-900 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-700"
        />
        <div>
          <button type="submit" disabled={room <= 0 || progress !== null} className={buttonClasses('primary', 'md')}>
            Upload
          </button>
        </div>
        {progress !== null ? (
          <div role="status" className="grid gap-1 text-sm text-ink-700">
            <label htmlFor="upload-progress">Uploading… {progress}%</label>
            <progress id="upload-progress" max={100} value={progress} className="w-full" />
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
            {error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function Uploads({ uploads, stock }: { uploads: PhotoUploadView[]; stock: string }) {
  const { revalidate, state } = useRevalidator();
  const processing = uploads.some((upload) => upload.state === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [processing, revalidate, state, uploads]);
  if (uploads.length === 0) return null;
  return (
    <Card as="section" className="mt-5 p-4 sm:p-5">
      <h2 id="uploads-title" className="text-lg font-bold text-ink-900">
        Uploads
      </h2>
      {processing ? (
        <p className="mt-1 text-sm text-ink-700">
          Photos are processed in the background.{' '}
          <a href={pageOf(stock)} className="font-semibold text-brand-700 underline">
            Reload
          </a>{' '}
          to see how they stand.
        </p>
      ) : null}
      <ul aria-labelledby="uploads-title" className="mt-3 grid gap-2">
        {uploads.map((upload) => (
          <li key={upload.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl p-3 ring-1 ring-inset ring-ink-200">
            <span className="min-w-0 break-all font-semibold text-ink-900">{upload.fileName}</span>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATE_CLASSES[upload.state]}`}>{STATE_TEXT[upload.state]}</span>
            {upload.reason ? <span className="w-full text-sm text-danger-700">{`This file ${upload.reason}.`}</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** One small form per change (each works without JavaScript); the buttons name the photo they act on. */
function PhotoButton({ intent, photo, move, label, children }: { intent: 'move' | 'delete'; photo: string; move?: PhotoMove; label: string; children: string }) {
  return (
    <StaffForm>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photo" value={photo} />
      {move ? <input type="hidden" name="move" value={move} /> : null}
      <button type="submit" aria-label={label} className={buttonClasses(intent === 'delete' ? 'ghost' : 'secondary', 'md')}>
        {children}
      </button>
    </StaffForm>
  );
}

/**
 * The unit's photos in order, the first the main one. Each has its buttons (main, up, down, delete:
 * keyboard and no-JavaScript friendly); with JavaScript they may also be dragged into a new order,
 * which posts the same `reorder` change.
 */
function PhotoList({ unit }: { unit: UnitPhotosView }) {
  const { formToken } = useStaffLayout();
  const submit = useSubmit();
  const idle = useNavigation().state === 'idle';
  const dragged = useRef<string | null>(null);
  // The photo a dragged one would take the place of: outlined while the pointer is over it.
  const [target, setTarget] = useState<string | null>(null);
  const hashes = unit.photos.map((photo) => photo.hash);
  const shown = unit.photos;

  const dragOver = (event: DragEvent<HTMLLIElement>, over: string) => {
    if (!dragged.current) return;
    event.preventDefault();
    setTarget(over);
  };
  /** The dragged photo takes the dropped-on photo's place; the others keep their order. */
  const drop = (event: DragEvent<HTMLLIElement>, onto: string) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    if (!idle) return;
    setTarget(null);
    if (!from || from === onto) return;
    const order = hashes.filter((hash) => hash !== from);
    order.splice(hashes.indexOf(onto), 0, from);
    void submit({ ...(formToken ? { formToken } : {}), intent: 'reorder', order: order.join(',') }, { method: 'post' });
  };

  if (shown.length === 0) return <p className="mt-3 text-ink-700">This unit has no photos yet.</p>;
  return (
    <ol aria-labelledby="photos-title" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {shown.map((photo, index) => {
        const name = `photo ${index + 1}`;
        return (
          <li
            key={photo.hash}
            data-photo={photo.hash}
            // Not while a change is on its way: the list is about to be replaced by the saved order.
            draggable={unit.canChange && idle}
            onDragStart={(event) => {
              dragged.current = photo.hash;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', photo.hash);
            }}
            onDragOver={(event) => dragOver(event, photo.hash)}
            onDragLeave={() => setTarget((current) => (current === photo.hash ? null : current))}
            onDrop={(event) => drop(event, photo.hash)}
            onDragEnd={() => {
              dragged.current = null;
              setTarget(null);
            }}
            className={`rounded-2xl bg-white p-3 ring-inset ${target === photo.hash ? 'ring-2 ring-brand-600' : 'ring-1 ring-ink-200'}`}
          >
            <img
              src={photo.thumbnail}
              alt={`Photo ${index + 1}${index === 0 ? ', the main photo' : ''}`}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-xl object-cover"
            />
            <p className="mt-2 text-sm font-semibold text-ink-900">
              {index + 1}. {index === 0 ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700">Main photo</span> : null}
            </p>
            {unit.canChange ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {index > 0 ? (
                  <PhotoButton intent="move" move="first" photo={photo.hash} label={`Make ${name} the main photo`}>
                    Make main
                  </PhotoButton>
                ) : null}
                {index > 0 ? (
                  <PhotoButton intent="move" move="up" photo={photo.hash} label={`Move ${name} up`}>
                    Up
                  </PhotoButton>
                ) : null}
                {index < shown.length - 1 ? (
                  <PhotoButton intent="move" move="down" photo={photo.hash} label={`Move ${name} down`}>
                    Down
                  </PhotoButton>
                ) : null}
                <PhotoButton intent="delete" photo={photo.hash} label={`Delete ${name}`}>
                  Delete
                </PhotoButton>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function UnitPhotosPage() {
  const { unit } = useLoaderData<typeof unitPhotosLoader>();
  const refusal = useActionData<ChangeRefusal>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const done = searchParams.get('done') as PhotoIntent | null;
  const waiting = unit.uploads.filter((upload) => upload.state === 'processing').length;
  const room = UNIT_PHOTO_LIMIT - unit.photos.length - waiting;
  return (
    <div>
      <p className="text-sm">
        <Link to="/staff/inventory" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Inventory
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">Photos of {unit.name}</h1>
      <p className="mt-1 text-ink-700">
        Stock {unit.stockNumber} ·{' '}
        <a href={unit.publicPath} className="font-semibold text-brand-700 underline">
          See the unit’s page
        </a>
      </p>
      {done && DONE[done] && !refusal && navigation.state === 'idle' ? (
        <p role="status" className="mt-4 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {DONE[done]}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refusal.error}
        </p>
      ) : null}
      {unit.canChange ? <UploadForm stock={unit.stockNumber} room={room} /> : null}
      <Uploads uploads={unit.uploads} stock={unit.stockNumber} />
      <Card as="section" className="mt-5 p-4 sm:p-5">
        <h2 id="photos-title" className="text-lg font-bold text-ink-900">
          Photos ({unit.photos.length} of at most {UNIT_PHOTO_LIMIT})
        </h2>
        {unit.canChange && unit.photos.length > 1 ? (
          <p className="mt-1 text-sm text-ink-700">The first photo is the main one. Drag photos, or use their buttons, to change the order.</p>
        ) : null}
        <PhotoList unit={unit} />
      </Card>
    </div>
  );
}

export const staffUnitPhotosPage: StaffPageModule = {
  Component: UnitPhotosPage,
  loader: unitPhotosLoader,
  action: unitPhotosAction,
};
