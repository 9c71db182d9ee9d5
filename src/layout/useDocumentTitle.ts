import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { routeOfPath, titleKeyOfPath } from '../../common/routeCatalog';
import { screenTitle } from './menuRoutes';

/** SPEC.md: the page title is the platform name, a separator, and the route title. */
export function useDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const key = titleKeyOfPath(pathname);
    const route = routeOfPath(pathname);
    const name = translate('app.name');
    // A screen's title as its tab shows it (which of two 操作记录 it is).
    const title = route ? screenTitle(translate, route.name, route.titleKey) : key && translate(key);
    document.title = title ? `${name} - ${title}` : `${name} - ${translate('app.notFound')}`;
  }, [pathname, translate, locale]);
}
