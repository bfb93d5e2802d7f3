import { pageTitle } from '@uniquair/domain/config/app';
import { useEffect } from 'react';

/** Sets the page title in the product's format, `Uniquair - <title>`, while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
