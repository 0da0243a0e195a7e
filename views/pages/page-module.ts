import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import type { RouteHandle } from '../../src/head/page-head';

/** What a page file gives the route table: loaded lazily, so each page type is its own chunk. */
export interface PageModule<Data = unknown> {
  Component: ComponentType;
  handle: RouteHandle<Data>;
  loader?: LoaderFunction;
  /** Answers a form posted to the page (the contact form), on the server and in the browser. */
  action?: ActionFunction;
  /** When the loader runs again for a page already shown (e.g. not for a new query string). */
  shouldRevalidate?: ShouldRevalidateFunction;
}
