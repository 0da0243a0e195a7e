import { Badge } from '../badge';
import { PLACEHOLDER_IMAGE, VEHICLE_IMAGE_SIZE } from '../vehicle-image';

/** The model's picture on a light stage, with the NEW badge where the page carries one. */
export function ModelImage({ name, image, isNew }: { name: string; image: string | undefined; isNew: boolean }) {
  return (
    <div className="relative rounded-3xl bg-gradient-to-b from-white to-sand-100 p-4 shadow-2xl ring-1 ring-white/20 sm:p-6">
      <img
        src={image ?? PLACEHOLDER_IMAGE}
        alt={name}
        width={VEHICLE_IMAGE_SIZE.width}
        height={VEHICLE_IMAGE_SIZE.height}
        fetchPriority="high"
        decoding="async"
        className="aspect-[8/5] h-auto w-full object-contain"
      />
      {isNew ? (
        <Badge tone="new" className="absolute left-4 top-4 px-3 py-1 text-sm shadow sm:left-6 sm:top-6">
          NEW
        </Badge>
      ) : null}
    </div>
  );
}
