/** One step of a breadcrumb trail: what the page is called and its site path. */
export interface BreadcrumbItem {
  label: string;
  path: string;
}

/** The trail as schema.org's BreadcrumbList, with absolute URLs on the configured origin. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[], origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: new URL(item.path, origin).href,
    })),
  };
}
