import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';
import { DASHBOARD_ENDPOINTS } from '../dashboard/model';

/** 首页（电）: the electricity home dashboard (dashboard/* calls of issue 32). */
export default defineResource({
  name: 'index_water',
  endpoints: DASHBOARD_ENDPOINTS,
  ...lazyList(() => import('./ElectricHome')),
});
