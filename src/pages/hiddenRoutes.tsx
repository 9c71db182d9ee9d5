import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useEvictPage } from '../layout/KeepAlive';

/** /redirect/{route*}: goes to the route, mounted anew (used to reload a page in place). */
export function RedirectRoute() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const evictPage = useEvictPage();
  useEffect(() => {
    evictPage(`/${params['*'] ?? ''}`);
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, evictPage, params, search]);
  return null;
}

/** /refresh: back to the page the operator came from, mounted anew. */
export function RefreshRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
