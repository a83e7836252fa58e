import { useEffect } from 'react';

import { config } from '../config';

/** Page titles are the route title followed by the product name (spec §2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${config.productName}`;
  }, [title]);
}
