import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/** /redirect/{route*}: goes to the route (used to reload a page in place). */
export function RedirectRoute() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
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
