import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Confirm, Form, TextInput, Title, regex, required, useNotify, useTranslate } from 'react-admin';
import {
  Alert, Box, Button, Card, CardContent, Chip, Grid, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import { useWatch } from 'react-hook-form';
import { MoneyInput } from '../../../components/money';
import { formatYuan } from '../../../../common/money';

const DailyBar = lazy(() => import('../../../components/charts/DailyBar'));

/** Sample rows of the list: what a room list shows (made up; this page calls nothing). */
const ROOMS = [
  { room: '新城花园 1 栋 101', tenant: '李明', balanceFen: 1234567, online: true, closed: true },
  { room: '新城花园 1 栋 102', tenant: '王芳', balanceFen: 8800, online: true, closed: true },
  { room: '滨江公寓 A 座 809', tenant: '张伟', balanceFen: -1520, online: false, closed: false },
];
const USAGE = Array.from({ length: 14 }, (_, i) => ({ day: `2026-11-${String(i + 8).padStart(2, '0')}`, value: Math.round(120 + 60 * Math.sin(i / 2) + (i % 3) * 15) }));
const PROGRESS = { queued: 3, sent: 5, succeeded: 38, failed: 2 };

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, lg: wide ? 12 : 6 }}>
      <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={translate(title)}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>{translate(title)}</Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

function MoneyEcho() {
  const translate = useTranslate();
  const fen = useWatch({ name: 'amountFen' }) as unknown;
  return <Typography variant="caption" color="text.secondary">{typeof fen === 'number' ? translate('demo.moneyValue', { fen }) : ' '}</Typography>;
}

/**
 * 演示 (page3): buttons, tags, a list with columns, a form with validation, the scope dialog,
 * command progress, money input and a chart, in the current theme — the pieces a new screen is
 * made of (SCREENS.md), for people extending the console. Nothing here calls the API.
 */
export default function KitDemo() {
  const translate = useTranslate();
  const notify = useNotify();
  const [scopeOpen, setScopeOpen] = useState(false);
  const total = PROGRESS.queued + PROGRESS.sent + PROGRESS.succeeded + PROGRESS.failed;
  const done = PROGRESS.succeeded + PROGRESS.failed;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('routes.page3')} />
      <Typography variant="h6" component="h2">{translate('demo.title')}</Typography>
      <Alert severity="info" sx={{ my: 1 }}>{translate('demo.intro')}</Alert>
      <Grid container spacing={2}>
        <Section title="demo.buttons">
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<AddIcon />}>{translate('demo.primary')}</Button>
            <Button variant="outlined">{translate('demo.secondary')}</Button>
            <Button variant="contained" color="error" startIcon={<PowerOffIcon />}>{translate('demo.danger')}</Button>
            <Button variant="contained" disabled>{translate('demo.disabled')}</Button>
            <Button size="small">{translate('demo.secondary')}</Button>
          </Stack>
        </Section>
        <Section title="demo.tags">
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" color="success" label={translate('demo.online')} />
            <Chip size="small" label={translate('demo.offline')} />
            <Chip size="small" color="primary" variant="outlined" label={translate('demo.closed')} />
            <Chip size="small" color="error" variant="outlined" label={translate('demo.tripped')} />
            <Chip size="small" color="warning" label={translate('demo.arrears')} />
          </Stack>
        </Section>
        <Section title="demo.table" wide>
          <Table size="small" aria-label={translate('demo.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('demo.room')}</TableCell>
                <TableCell>{translate('demo.tenant')}</TableCell>
                <TableCell align="right">{translate('demo.balance')}</TableCell>
                <TableCell>{translate('demo.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ROOMS.map((row) => (
                <TableRow key={row.room} hover>
                  <TableCell>{row.room}</TableCell>
                  <TableCell>{row.tenant}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: row.balanceFen < 0 ? 'error.main' : undefined }}>{formatYuan(row.balanceFen)}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 0.5 }}>
                      <Chip size="small" color={row.online ? 'success' : 'default'} label={translate(row.online ? 'demo.online' : 'demo.offline')} />
                      <Chip size="small" variant="outlined" color={row.closed ? 'primary' : 'error'} label={translate(row.closed ? 'demo.closed' : 'demo.tripped')} />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
        <Section title="demo.form">
          <Form onSubmit={() => notify('demo.submitted', { type: 'success' })} mode="onBlur">
            <TextInput
              source="address" label="demo.address" helperText="demo.addressHelp" fullWidth
              validate={[required(), regex(/^\d{12}$/, 'demo.addressRule')]}
            />
            <MoneyInput source="amountFen" label="demo.amount" validate={required()} fullWidth />
            <MoneyEcho />
            <Box sx={{ mt: 1 }}><Button type="submit" variant="contained">{translate('demo.submit')}</Button></Box>
          </Form>
        </Section>
        <Section title="demo.scope">
          <Button variant="outlined" color="error" startIcon={<PowerOffIcon />} onClick={() => setScopeOpen(true)}>{translate('demo.scopeOpen')}</Button>
          <Confirm
            isOpen={scopeOpen} title="demo.scopeTitle"
            content={translate('demo.scopeText', { count: 48, action: translate('demo.tripped') })}
            onConfirm={() => setScopeOpen(false)} onClose={() => setScopeOpen(false)}
          />
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>{translate('demo.progress')}</Typography>
          <LinearProgress variant="determinate" value={(done / total) * 100} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('commands.progress', { done, total, succeeded: PROGRESS.succeeded, failed: PROGRESS.failed })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={`${translate('commands.states.queued')} ${PROGRESS.queued}`} />
            <Chip size="small" color="info" label={`${translate('commands.states.sent')} ${PROGRESS.sent}`} />
            <Chip size="small" color="success" label={`${translate('commands.states.succeeded')} ${PROGRESS.succeeded}`} />
            <Chip size="small" color="error" label={`${translate('commands.states.failed')} ${PROGRESS.failed}`} />
          </Stack>
        </Section>
        <Section title="demo.chart">
          <Typography variant="caption" color="text.secondary">{translate('demo.usage')}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Suspense fallback={<LinearProgress />}>
              <DailyBar data={USAGE} width={560} height={220} format={(value) => String(value)} valueLabel={translate('demo.usage')} />
            </Suspense>
          </Box>
        </Section>
      </Grid>
    </Box>
  );
}
