import { LANGUAGES, toBcp47 } from '@uniquair/domain/locale/languages';
import { isSupportedLocale, useLocale } from '../../../lib/i18n.ts';
import { useCurrency } from '../../../lib/currency.tsx';
import { useIntl } from 'react-intl';
import { useId, useState } from 'react';
import type { PreferenceChoices } from '../hooks/use-preference-choices.ts';
import styles from './preferences-panel.module.css';

/** The enabled languages only (SPEC §3): a disabled language is never offered. */
const PICKABLE_LANGUAGES = LANGUAGES.filter((language) => isSupportedLocale(language.code));

export interface PreferencesPanelProps {
  readonly choices: PreferenceChoices;
}

/**
 * The language and currency panes (SPEC §2 drawer, top bar picker): two radio groups. Language
 * names are shown in their own language; currency names come from `Intl` in the UI language,
 * each with its rate against the current currency.
 */
export function PreferencesPanel({ choices }: PreferencesPanelProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { currency, currencies } = useCurrency();
  const name = useId();
  const [languageFailed, setLanguageFailed] = useState(false);

  const one = intl.formatNumber(1, {
    style: 'currency',
    currency: currency.code,
    maximumFractionDigits: 0,
  });

  return (
    <div className={styles.panes}>
      <fieldset className={styles.pane}>
        <legend className={styles.legend}>
          {intl.formatMessage({ id: 'preferences.language' })}
        </legend>
        <ul className={styles.options}>
          {PICKABLE_LANGUAGES.map((language) => (
            <li key={language.code}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name={`${name}-language`}
                  value={language.code}
                  checked={language.code === locale}
                  onChange={() => {
                    if (!isSupportedLocale(language.code)) return;
                    setLanguageFailed(false);
                    choices.chooseLanguage(language.code).catch(() => setLanguageFailed(true));
                  }}
                />
                <span lang={toBcp47(language.code)}>{language.name}</span>
              </label>
            </li>
          ))}
        </ul>
        {languageFailed ? (
          <p role="alert" className={styles.problem}>
            {intl.formatMessage({ id: 'preferences.languageFailed' })}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.pane}>
        <legend className={styles.legend}>
          {intl.formatMessage({ id: 'preferences.currency' })}
        </legend>
        <ul className={styles.options}>
          {currencies.map((entry) => {
            const displayName =
              intl.formatDisplayName(entry.code, { type: 'currency' }) ?? entry.name;
            const rate = intl.formatNumber(entry.rate / currency.rate, {
              style: 'currency',
              currency: entry.code,
            });
            return (
              <li key={entry.code}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name={`${name}-currency`}
                    value={entry.code}
                    checked={entry.code === currency.code}
                    onChange={() => choices.chooseCurrency(entry.code)}
                  />
                  <span className={styles.currency}>
                    <span>
                      {displayName} ({entry.code})
                    </span>
                    {entry.code === currency.code ? null : (
                      <span className={styles.rate}>
                        {intl.formatMessage({ id: 'preferences.rate' }, { one, rate })}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
