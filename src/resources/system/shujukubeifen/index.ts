import { del, get, post } from '../../../data/endpoints';
import { defineResource } from '../../defineResource';
import { lazyList } from '../../../components/lazyView';

/** A backup or a restore reads or writes the whole database: minutes, not the client's 5 s. */
const LONG_MS = 15 * 60_000;

/** 数据库备份 (shujukubeifen): list, back up now, download, delete and restore (platform administrators). */
export default defineResource({
  name: 'shujukubeifen',
  endpoints: {
    getList: get('backup/findByCondition'),
    delete: del('backup/deleteBackup'),
    actions: {
      create: post('backup/addBackup', { timeoutMs: LONG_MS }),
      download: get('backup/downloadBackup', { download: true }),
      restore: post('backup/restoreBackup', { timeoutMs: LONG_MS }),
      remove: del('backup/deleteBackup'),
    },
  },
  ...lazyList(() => import('./BackupList')),
  recordRepresentation: 'fileName',
});
