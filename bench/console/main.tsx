/**
 * The reference of `npm run bench:console`: a minimal react-admin 5 app on the same API as the
 * console — react-admin's defaults (login page, layout, English), an authProvider on SPEC.md's
 * form-encoded login, a network data provider with the X-Token header, and one list: the water
 * archive. What it costs to load is what react-admin itself costs; the console is compared with it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField, fetchUtils, type AuthProvider, type DataProvider } from 'react-admin';

const TOKEN = 'bench-token';
const API = '/api/v1/electricity';

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch('/api/v1/quan_xian/deng_lu/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json' },
      body: new URLSearchParams({ username, password }),
    });
    const result = (await response.json()) as { code: number; sessinId?: string; msg?: string };
    if (result.code !== 200 || !result.sessinId) throw new Error(result.msg ?? 'login failed');
    localStorage.setItem(TOKEN, result.sessinId);
  },
  async logout() {
    localStorage.removeItem(TOKEN);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN)) throw new Error('not signed in');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN);
      throw error;
    }
  },
};

/** GET `<resource path>/findByCondition` → `{ code, data: { records, total } }`. */
const dataProvider = {
  async getList(resource: string, params: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string } }) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const query = new URLSearchParams({ pageNum: String(page), pageSize: String(perPage) });
    if (params.sort?.field && params.sort.field !== 'id') query.set('sortField', params.sort.field);
    if (params.sort?.order) query.set('sortOrder', params.sort.order.toLowerCase());
    const { json } = await fetchUtils.fetchJson(`${API}/${resource}/findByCondition?${query}`, {
      headers: new Headers({ Accept: 'application/json', 'X-Token': localStorage.getItem(TOKEN) ?? '' }),
    });
    return { data: json.data.records, total: json.data.total };
  },
} as unknown as DataProvider;

const WaterArchiveList = () => (
  <List>
    <Datagrid bulkActionButtons={false}>
      <TextField source="address" />
      <TextField source="projectName" />
      <TextField source="buildingName" />
      <TextField source="roomCode" />
      <TextField source="tenantName" />
      <TextField source="valveState" />
      <TextField source="lastReading" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth disableTelemetry>
      <Resource name="webWaterArchive" list={WaterArchiveList} />
    </Admin>
  </StrictMode>,
);
