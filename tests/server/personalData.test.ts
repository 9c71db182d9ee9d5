import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { maskPersonalData } from '../../server/http/personalData';
import { csvResponse } from '../../server/http/csvStream';
import fc from 'fast-check';
import { maskIdNumber, maskPhone, OTHER_ID, PASSPORT } from '../../common/identity';

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
    // Issue 40: a 9-character passport hid 1 character (E123*5678); every document now hides the resident id's share.
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
    expect(maskIdNumber('1234567')).toBe('1****67');
    expect(maskIdNumber('320102199001011234')).toBe('3201**********1234');
    expect(maskPhone('+49 30 1234567')).toBe('+49 ** ***4567');
    expect(maskPhone('12345')).toBe('*****');
  });

  it('hides the same share of every kind of id number as of an 18-digit resident id (10 of 18), never less', () => {
    const id = fc.oneof(
      fc.stringMatching(/^[1-9]\d{16}[\dX]$/),
      fc.stringMatching(PASSPORT).map((value) => value.toUpperCase()),
      fc.stringMatching(OTHER_ID),
    );
    fc.assert(fc.property(id, (value) => {
      const masked = maskIdNumber(value);
      expect(masked).toHaveLength(value.length);
      const hidden = [...masked].filter((char, i) => char === '*' && value[i] !== '*').length;
      // At least 5/9 hidden, and less than one character more than that share.
      expect(hidden / value.length).toBeGreaterThanOrEqual(10 / 18);
      expect(hidden - 1).toBeLessThan((value.length * 10) / 18);
      // What shows is the number's own start and end, the hidden run one block between them.
      const shown = value.length - hidden;
      const head = Math.floor(shown / 2);
      expect(masked).toBe(`${value.slice(0, head)}${'*'.repeat(hidden)}${value.slice(value.length - (shown - head))}`);
    }));
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
