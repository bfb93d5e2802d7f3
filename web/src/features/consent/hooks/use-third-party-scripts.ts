import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { WebEnv } from '../../../config/env.ts';
import {
  hasThirdPartyScripts,
  isPaymentPath,
  loadThirdPartyScript,
  readConsent,
  storeConsent,
  type Consent,
} from '../../../lib/third-party-scripts.ts';

/**
 * Loads the configured analytics and live-chat scripts once the visitor has agreed, except on
 * payment pages; reaching a payment page with them running reloads that page without them.
 * Returns whether to ask for consent and how to answer.
 */
export function useThirdPartyScripts(config: WebEnv): {
  readonly askConsent: boolean;
  readonly answer: (consent: Consent) => void;
} {
  const { pathname } = useLocation();
  const urls = [config.analyticsUrl, config.liveChatUrl].filter(
    (url): url is string => url !== undefined,
  );
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());
  const onPaymentPage = isPaymentPath(pathname);

  useEffect(() => {
    if (onPaymentPage) {
      if (hasThirdPartyScripts()) window.location.reload();
      return;
    }
    if (consent !== 'granted') return;
    for (const url of urls) loadThirdPartyScript(url);
    // `urls` is derived from the build-time config, which never changes in a page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consent, onPaymentPage]);

  return {
    askConsent: urls.length > 0 && consent === null && !onPaymentPage,
    answer: (next) => {
      storeConsent(next);
      setConsent(next);
    },
  };
}
