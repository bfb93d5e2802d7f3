import type { MessageKey } from '@uniquair/i18n/messages';
import type { FooterMenu } from '@uniquair/contract/data';
import type { PaymentProvider } from '@uniquair/domain/config/payment-providers';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import styles from './site-footer.module.css';

/** The logo file of each provider the footer can show (SPEC §9), in `web/public/payments/`. */
const PAYMENT_LOGOS: Partial<Record<PaymentProvider, string>> = {
  CREDIT_CARD: '/payments/credit-card.svg',
  SILK_PAY: '/payments/silk-pay.svg',
  PAYPAL: '/payments/paypal.svg',
  TRUSTLY: '/payments/trustly.svg',
};

/** Brand names stay as they are; the card logo gets a translated name. */
const BRAND_NAMES: Partial<Record<PaymentProvider, string>> = {
  SILK_PAY: 'Silk Pay',
  PAYPAL: 'PayPal',
  TRUSTLY: 'Trustly',
};

/** A partner link is followed only when it is a path of this site or an http(s) address. */
function safeHref(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface SiteFooterProps {
  /** The providers to show logos for: enabled, in footer order. */
  readonly paymentProviders: readonly PaymentProvider[];
  /** Partner-supplied menus from the init data. */
  readonly menus: readonly FooterMenu[];
}

/**
 * The footer (SPEC §2): payment logos of the enabled providers, the legal and help links, and the
 * partners' menus.
 */
export function SiteFooter({ paymentProviders, menus }: SiteFooterProps) {
  const intl = useIntl();
  const t = (id: MessageKey) => intl.formatMessage({ id });
  const links: readonly [string, string][] = [
    [paths.termsAndConditions.getHref(), t('nav.terms')],
    [paths.travelProtect.getHref(), t('footer.travelProtect')],
    [paths.contactUs.getHref(), t('nav.contactUs')],
    [paths.bookings.getHref(), t('nav.myBookings')],
    [paths.supportTickets.getHref(), t('nav.support')],
    [paths.privacyPolicy.getHref(), t('footer.privacy')],
    [paths.cookiePolicy.getHref(), t('footer.cookies')],
    [paths.crdCompliance.getHref(), t('footer.crd')],
    [paths.ecdCompliance.getHref(), t('footer.ecd')],
  ];

  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <nav aria-label={t('footer.linksLabel')}>
          <ul className={styles.links}>
            {links.map(([href, label]) => (
              <li key={href}>
                <Link to={href}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {menus.map((menu) => (
          <nav key={menu.code} aria-labelledby={`footer-menu-${menu.code}`}>
            <h2 id={`footer-menu-${menu.code}`} className={styles.menuTitle}>
              {menu.title}
            </h2>
            <ul className={styles.links}>
              {menu.items.flatMap((item) => {
                const href = safeHref(item.url);
                if (!href) return [];
                return [
                  <li key={`${item.label}-${item.url}`}>
                    {href.startsWith('/') ? (
                      <Link to={href}>{item.label}</Link>
                    ) : (
                      <a href={href} rel="noopener">
                        {item.label}
                      </a>
                    )}
                  </li>,
                ];
              })}
            </ul>
          </nav>
        ))}
      </div>
      {paymentProviders.length > 0 ? (
        <div className={styles.payments}>
          <h2 className={styles.menuTitle} id="footer-payments">
            {t('footer.payments')}
          </h2>
          <ul className={styles.logos} aria-labelledby="footer-payments">
            {paymentProviders.flatMap((provider) => {
              const src = PAYMENT_LOGOS[provider];
              if (!src) return [];
              const name = BRAND_NAMES[provider] ?? t('footer.cards');
              return [
                <li key={provider}>
                  <img src={src} alt={name} width={64} height={40} loading="lazy" />
                </li>,
              ];
            })}
          </ul>
        </div>
      ) : null}
    </footer>
  );
}
