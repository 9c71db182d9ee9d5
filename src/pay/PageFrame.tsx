/**
 * What the sticker page and the signed-in tenant page share around their content: the language
 * (chosen, remembered, set on `<html lang>` and the title) and the bar with the language switcher.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PayMessages } from '../../i18n/pay/en';
import { HTML_LANG, initialLang, LANGUAGE_NAMES, PAY_CATALOGS, PAY_LANGS, PayI18nContext, rememberLang, type PayI18n, type PayLang } from './i18n';

/** The page's language state: `title` names the page in the messages (document.title). */
export function usePageLang(title: (m: PayMessages) => string): PayI18n {
  const [lang, setLangState] = useState<PayLang>(initialLang);
  const setLang = useCallback((next: PayLang) => {
    rememberLang(next);
    setLangState(next);
  }, []);
  const i18n = useMemo(() => ({ lang, m: PAY_CATALOGS[lang], setLang }), [lang, setLang]);
  const titleText = title(PAY_CATALOGS[lang]);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[lang];
    document.title = titleText;
  }, [lang, titleText]);
  return i18n;
}

/** The page: its bar (title, language switcher, `actions`) and its content, in the page's language. */
export function PageFrame({ i18n, heading, className = '', actions, children }: {
  i18n: PayI18n;
  heading: string;
  className?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PayI18nContext.Provider value={i18n}>
      <div className={`pay-page ${className}`}>
        <header className="pay-bar">
          <h1>{heading}</h1>
          <div className="bar-actions">
            {actions}
            <select aria-label={i18n.m.language} value={i18n.lang} onChange={(event) => i18n.setLang(event.target.value as PayLang)}>
              {PAY_LANGS.map((option) => <option key={option} value={option} lang={HTML_LANG[option]}>{LANGUAGE_NAMES[option]}</option>)}
            </select>
          </div>
        </header>
        {children}
      </div>
    </PayI18nContext.Provider>
  );
}
