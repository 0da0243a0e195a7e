import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../components/icon';
import { SiteNavigation } from './site-navigation';
import { CallButton } from '../components/call-button';

const MENU_ID = 'mobile-menu';

/**
 * The slide-in side menu for small screens. It is a native popover, so the button opens it and
 * Escape or a tap outside closes it before any JavaScript has loaded. The popover itself is the one
 * record of whether it is open: its code hydrates after the page (deferredHydration), possibly with
 * the menu already open, and must not close it then. Once hydrated, choosing a link closes it.
 */
export function MobileMenu() {
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const controls = () => [...element.querySelectorAll<HTMLElement>('a[href], button')];
    const onToggle = (event: Event) => {
      const open = (event as ToggleEvent).newState === 'open';
      // Focus moves into the opened menu, to its first link; Escape brings it back to the Menu button.
      if (open && !element.contains(document.activeElement)) element.querySelector<HTMLElement>('nav a')?.focus();
    };
    // Tabbing out of the menu closes it, so focus never wanders behind it: past the last control on
    // to the page after the Menu button, back past the first control to the Menu button itself.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const all = controls();
      const leaving = event.shiftKey ? all[0] : all.at(-1);
      if (event.target !== leaving) return;
      if (event.shiftKey) event.preventDefault();
      element.hidePopover();
      opener.current?.focus();
    };
    element.addEventListener('toggle', onToggle);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('toggle', onToggle);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // A new page closes the menu; the first render (hydration) is not a new page.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu(panel.current);
  }, [pathname]);

  return (
    <>
      <button
        ref={opener}
        type="button"
        popoverTarget={MENU_ID}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink-800 ring-1 ring-inset ring-ink-200 hover:bg-ink-100 lg:hidden"
      >
        <Icon name="menu" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        id={MENU_ID}
        ref={panel}
        popover="auto"
        role="dialog"
        aria-label="Site menu"
        className="mobile-menu border-l border-ink-200 bg-white p-0 text-ink-800 shadow-2xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-ink-200 px-5">
          <span className="text-base font-bold text-brand-900">Menu</span>
          <button
            type="button"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-ink-100"
          >
            <Icon name="close" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <SiteNavigation
          label="Mobile"
          className="px-3 py-4"
          listClassName="space-y-1"
          linkClassName={(current) => `block rounded-xl px-4 py-3 text-base font-semibold ${current ? 'bg-brand-50 text-brand-700' : 'text-ink-800 hover:bg-ink-100'}`}
          onChoose={() => closeMenu(panel.current)}
        />
        <div className="border-t border-ink-200 px-5 py-5">
          <CallButton variant="call" className="w-full" />
        </div>
      </div>
    </>
  );
}

function closeMenu(panel: HTMLElement | null) {
  if (panel?.matches(':popover-open')) panel.hidePopover();
}
