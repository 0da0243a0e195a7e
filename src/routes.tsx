import type { RouteObject } from 'react-router';
import { siteDataFor } from './request-context';
import { SiteLayout } from '../views/layout/site-layout';
import { RouteErrorPage } from '../views/pages/route-error-page';

/**
 * The one route table, used by the server's static handler and the browser's router alike. Pages
 * load lazily so that each page type ships only its own code.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: SiteLayout,
    loader: ({ context }) => siteDataFor(context),
    // The site data never changes while a visitor browses; the browser keeps the server's answer.
    shouldRevalidate: () => false,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, lazy: () => import('../views/pages/home-page').then((page) => page.homePage) },
          { path: 'services', lazy: () => import('../views/pages/services-page').then((page) => page.servicesPage) },
          { path: 'contact', lazy: () => import('../views/pages/contact-page').then((page) => page.contactPage) },
          { path: 'thank-you', lazy: () => import('../views/pages/thank-you-page').then((page) => page.thankYouPage) },
          { path: 'privacy', lazy: () => import('../views/pages/privacy-page').then((page) => page.privacyPage) },
          { path: 'terms', lazy: () => import('../views/pages/terms-page').then((page) => page.termsPage) },
          { path: 'rentals', lazy: () => import('../views/pages/rentals-page').then((page) => page.rentalsPage) },
          { path: 'about', lazy: () => import('../views/pages/about-page').then((page) => page.aboutPage) },
          { path: 'showroom', lazy: () => import('../views/pages/showroom-page').then((page) => page.showroomPage) },
          { path: 'inventory', lazy: () => import('../views/pages/inventory-page').then((page) => page.inventoryPage) },
          { path: 'vehicle/:id', lazy: () => import('../views/pages/vehicle-detail-page').then((page) => page.vehicleDetailPage) },
          { path: 'denago', lazy: () => import('../views/pages/denago-page').then((page) => page.denagoPage) },
          { path: 'evolution', lazy: () => import('../views/pages/evolution-page').then((page) => page.evolutionPage) },
          { path: 'vehicles/:slug', lazy: () => import('../views/pages/model-page').then((page) => page.modelPage) },
          // Town pages ('/toms-river-township-golf-carts'): any other one-segment path, answered as not found unless it is a town's.
          { path: ':townPage', lazy: () => import('../views/pages/town-page').then((page) => page.townPage) },
          { path: '*', lazy: () => import('../views/pages/not-found-page').then((page) => page.notFoundPage) },
        ],
      },
    ],
  },
];
