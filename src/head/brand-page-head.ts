import type { Vehicle } from '../catalog/vehicle';
import type { VehicleListData } from '../catalog/vehicle-list-loader';
import type { HeadArgs, PageHead } from './page-head';

interface BrandPageCopy {
  /** The brand as the breadcrumb names it: "DENAGO". */
  label: string;
  /** The ItemList's name: "DENAGO models". */
  listName: string;
  path: string;
  title: string;
  description: string;
  keywords: string[];
}

type BrandListData = VehicleListData<{ vehicles: Pick<Vehicle, 'id' | 'slug' | 'name'>[] }>;

/** A brand page's head: its copy, and its vehicles as an ItemList when the server had them. */
export function brandPageHead({ title, description, path, keywords, ...brand }: BrandPageCopy) {
  return ({ data, business, structuredData }: HeadArgs<BrandListData>): PageHead => ({
    title,
    description,
    canonicalPath: path,
    keywords,
    jsonLd: structuredData?.brandPage(data.vehicles instanceof Promise ? data.vehicles : data.vehicles.vehicles, { ...brand, path }, business.origin) ?? [],
  });
}
