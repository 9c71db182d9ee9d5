import { createRouter, defineRoute, z } from '../http/router';
import { ok } from '../http/envelope';
import { graphicReport, REPORT_MAX_DAYS } from '../domain/graphicReport';
import { platformTimeZone } from '../config';

const Day = z.iso.date({ error: 'validation.date' });

/** graphicReport/…: the graphic reports (tuxingbaobiao), within the caller's areas. */
export function graphicReportRoutes() {
  const router = createRouter();

  defineRoute(router, {
    method: 'get', path: '/findReport', tags: ['graphic report'],
    summary: `Usage by project and building, recharges by channel, usage per day and the top rooms over the days [from, to) (at most ${REPORT_MAX_DAYS})`,
    query: z.object({ utility: z.enum(['electric', 'water']), from: Day, to: Day }),
  }, async (c, { query }) => ok(c, await graphicReport(c.get('deps').db, c.get('session').areaIds, query.utility, query.from, query.to, platformTimeZone())));

  return router;
}
