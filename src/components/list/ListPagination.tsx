import { useCallback } from 'react';
import { Pagination, useListContext, useLocaleState, useTranslate, type PaginationProps } from 'react-admin';
import { Tooltip } from '@mui/material';
import { ROWS_PER_PAGE_OPTIONS } from '../../config';

/**
 * The list frame's pagination. A list whose server stopped counting at its cap (the list kit counts
 * exactly up to 10,000 matching rows: `meta.totalCapped`) says so — "1-25 of 10,000+" — with a hint
 * to narrow the filters, rather than presenting the cap as the number of rows.
 */
export function ListPagination() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const capped = (meta as { totalCapped?: boolean } | undefined)?.totalCapped === true;
  const cappedLabel = useCallback(({ from, to, count }: { from: number; to: number; count: number }) => {
    const total = count.toLocaleString(locale.startsWith('zh') ? 'zh-CN' : locale);
    return (
      <Tooltip title={translate('app.rangeCappedHint', { total })}>
        <span data-testid="range-capped">{translate('app.rangeCapped', { offsetBegin: from, offsetEnd: to, total })}</span>
      </Tooltip>
    );
  }, [translate, locale]);
  // react-admin hands unknown props on to MUI's TablePagination, whose label this replaces.
  const override = (capped ? { labelDisplayedRows: cappedLabel } : {}) as PaginationProps;
  return <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} {...override} />;
}
