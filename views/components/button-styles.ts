export type ButtonVariant = 'primary' | 'call' | 'secondary' | 'outline-light' | 'ghost';
export type ButtonSize = 'md' | 'lg';

const base = 'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 no-underline';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  call: 'bg-sun-400 text-ink-900 hover:bg-sun-300',
  secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  'outline-light': 'text-white ring-2 ring-inset ring-white/70 hover:bg-white/10',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The site's one button look, for <button>, <Link> and <a> alike. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
