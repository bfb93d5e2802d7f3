import { useLocation } from 'react-router';
import { useRouteNetwork } from '../../features/app-data/api/get-routes.ts';
import { BasketOverlay } from '../../features/search/components/basket-overlay.tsx';
import { SearchEditorOverlay } from '../../features/search/components/search-editor-overlay.tsx';

/** `#basket` on any route (SPEC §2): loaded with its overlay, not with the shell. */
export function BasketOverlayRoute() {
  const location = useLocation();
  const network = useRouteNetwork();
  return <BasketOverlay pathname={location.pathname} search={location.search} network={network} />;
}

/** `#edit` on any route (SPEC §2). */
export function SearchEditorOverlayRoute() {
  const location = useLocation();
  const network = useRouteNetwork();
  return (
    <SearchEditorOverlay pathname={location.pathname} search={location.search} network={network} />
  );
}
