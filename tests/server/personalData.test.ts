import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { maskPersonalData } from '../../server/http/personalData';
import { csvResponse } from '../../server/http/csvStream';
import { maskIdNumber, maskPhone } from '../../common/identity';

/** Tenants' personal data as an operator without the grant sees it (issue 34), in JSON and in CSV. */
describe('personal data masking', () => {
  it('masks a tenant\'s id number and phone, and any tenantPhone, but not a project\'s contact phone', () => {
    const masked = maskPersonalData({
      records: [
        { id: 1, name: '张三', idType: 'resident', idNumber: '320102199001011234', phone: '13812345678' },
        { id: 2, roomCode: '101', tenantPhone: '021-62345678', tenantName: '李四' },
      ],
      project: { name: '阳光公寓', phone: '0571-88886666' },
      createdAt: new Date(0),
    }) as { records: Record<string, unknown>[]; project: { phone: string }; createdAt: Date };
    expect(masked.records[0]).toMatchObject({ name: '张三', idNumber: '3201**********1234', phone: '138****5678' });
    expect(masked.records[1]).toMatchObject({ tenantPhone: '021-****5678', tenantName: '李四' });
    expect(masked.project.phone).toBe('0571-88886666');
    expect(masked.createdAt).toBeInstanceOf(Date);
  });

  it('keeps the length and the ends of what it masks', () => {
    expect(maskIdNumber('E12345678')).toBe('E123*5678');
    expect(maskIdNumber('1234567')).toBe('*******');
    expect(maskPhone('+49 30 1234567')).toBe('+49 ** ***4567');
    expect(maskPhone('12345')).toBe('*****');
  });

  it('masks the rows of a streamed CSV for a read-only caller, not for one who may edit', async () => {
    const app = new Hono<{ Variables: { session: { readOnly: boolean } } }>();
    const fields = [{ label: 'phone', value: (row: { tenantPhone: string }) => row.tenantPhone }];
    const rows = async function* () { yield [{ id: 1, tenantPhone: '13812345678' }]; };
    app.get('/:readOnly', (c) => {
      c.set('session', { readOnly: c.req.param('readOnly') === 'yes' });
      return csvResponse(c as never, 'test', fields as never, rows as never);
    });
    expect(await (await app.request('/yes')).text()).toContain('138****5678');
    expect(await (await app.request('/no')).text()).toContain('13812345678');
  });
});
