import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { titleKeyOfPath } from '../../common/routeCatalog';

/** SPEC.md: the page title is the platform name, a separator, and the route title. */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const key = titleKeyOfPath(pathname);
    const name = translate('app.name');
    document.title = key ? `${name} - ${translate(key)}` : `${name} - ${translate('app.notFound')}`;
  }, [pathname, translate, locale]);
}
