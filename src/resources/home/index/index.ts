import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { DASHBOARD_ENDPOINTS } from '../dashboard/model';

/** 首页（水）: the water home dashboard, where the root redirects (dashboard/* calls of issue 32). */
export default defineResource({
  name: 'index',
  endpoints: DASHBOARD_ENDPOINTS,
  ...lazyList(() => import('./WaterHome')),
});
