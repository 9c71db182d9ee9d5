import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 演示 (page3): the console's kit in the current theme, for people extending the console. No calls. */
export default defineResource({
  name: 'page3',
  endpoints: {},
  ...lazyList(() => import('./KitDemo')),
});
