import { del, get, post, put } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** 菜单管理 (/sysresourse): the menu resource tree through SPEC.md's resourse/* calls. */
export default defineResource({
  name: 'sysresourse',
  endpoints: {
    actions: {
      all: get('resourse/queryResourse'),
      save: post('resourse/saveResourse'),
      update: put('resourse/updateResourse'),
      // SPEC.md: params, form-urlencoded header.
      remove: del('resourse/deleteResourse', { formHeader: true }),
    },
  },
  ...lazyList(() => import('./MenuTreeEditor')),
});
