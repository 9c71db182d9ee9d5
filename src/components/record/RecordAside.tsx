import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';

/** One fact of a record (a message key and what to show). */
export interface Fact {
  label: string;
  value: ReactNode;
}

/**
 * The side panel of a record page: the record's state at a glance (facts), then more (e.g. its
 * latest readings). Record pages show the record, not only its form.
 */
export function RecordAside({ title, facts, children }: { title: string; facts: Fact[]; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)} variant="outlined" sx={{ width: { xs: '100%', lg: 420 }, ml: { lg: 2 }, mt: { xs: 2, lg: 0 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>{translate(title)}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, alignItems: 'center' }}>
          {facts.map((fact) => (
            <Box key={fact.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">{translate(fact.label)}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>{fact.value}</Typography>
            </Box>
          ))}
        </Box>
        {children && <><Divider sx={{ my: 2 }} />{children}</>}
      </CardContent>
    </Card>
  );
}
