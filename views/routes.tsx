import type { RouteObject } from 'react-router';
import { siteDataContext } from '../src/route-context/route-context';
import { SiteLayout } from './layout/site-layout';
import { RouteErrorPage } from './pages/route-error-page';

/**
 * The one route table, used by the server's static handler and the browser's router alike. Pages
 * load lazily so that each page type ships only its own code. A page route's id is its module's
 * file name under views/pages/, which is how the server finds the chunk to preload.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: SiteLayout,
    loader: ({ context }) => context.get(siteDataContext),
    // The site data never changes while a visitor browses; the browser keeps the server's answer.
    shouldRevalidate: () => false,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorPage,
        children: [
          { id: 'home-page', index: true, lazy: () => import('./pages/home-page').then((page) => page.homePage) },
          { id: 'services-page', path: 'services', lazy: () => import('./pages/services-page').then((page) => page.servicesPage) },
          { id: 'contact-page', path: 'contact', lazy: () => import('./pages/contact-page').then((page) => page.contactPage) },
          { id: 'thank-you-page', path: 'thank-you', lazy: () => import('./pages/thank-you-page').then((page) => page.thankYouPage) },
          { id: 'privacy-page', path: 'privacy', lazy: () => import('./pages/privacy-page').then((page) => page.privacyPage) },
          { id: 'terms-page', path: 'terms', lazy: () => import('./pages/terms-page').then((page) => page.termsPage) },
          { id: 'rentals-page', path: 'rentals', lazy: () => import('./pages/rentals-page').then((page) => page.rentalsPage) },
          { id: 'about-page', path: 'about', lazy: () => import('./pages/about-page').then((page) => page.aboutPage) },
          { id: 'showroom-page', path: 'showroom', lazy: () => import('./pages/showroom-page').then((page) => page.showroomPage) },
          { id: 'inventory-page', path: 'inventory', lazy: () => import('./pages/inventory-page').then((page) => page.inventoryPage) },
          { id: 'unit-page', path: 'inventory/:slug', lazy: () => import('./pages/unit-page').then((page) => page.unitPage) },
          { id: 'model-entry-page', path: 'vehicle/:id', lazy: () => import('./pages/model-entry-page').then((page) => page.modelEntryPage) },
          { id: 'denago-page', path: 'denago', lazy: () => import('./pages/denago-page').then((page) => page.denagoPage) },
          { id: 'evolution-page', path: 'evolution', lazy: () => import('./pages/evolution-page').then((page) => page.evolutionPage) },
          { id: 'model-page', path: 'vehicles/:slug', lazy: () => import('./pages/model-page').then((page) => page.modelPage) },
          // Town pages ('/toms-river-township-golf-carts'): any other one-segment path, answered as not found unless it is a town's.
          { id: 'town-page', path: ':townPage', lazy: () => import('./pages/town-page').then((page) => page.townPage) },
          { id: 'not-found-page', path: '*', lazy: () => import('./pages/not-found-page').then((page) => page.notFoundPage) },
        ],
      },
    ],
  },
];
