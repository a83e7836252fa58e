/** Links and redirects between the public pages and into the portal, without react-router. */
import { useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';

import { hrefFor, navigate, type To } from './navigation';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

/** A real link (it opens in a new tab, shows its address); a plain left click stays in the page. */
export function Link({ to, replace, onClick, children, ...anchorProps }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const otherTarget = anchorProps.target !== undefined && anchorProps.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || otherTarget) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a {...anchorProps} href={hrefFor(to)} onClick={handleClick}>
      {children}
    </a>
  );
}

/** Sends the visitor elsewhere as soon as it is shown. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
