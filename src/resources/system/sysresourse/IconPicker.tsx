import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, IconButton, Popover, TextField, Tooltip, Typography } from '@mui/material';
import { MENU_ICON_NAMES, iconByName } from '../../../layout/icons';

/** Picks a menu entry's icon by name from the icons the side menu knows (or none). */
export function IconPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const names = useMemo(() => MENU_ICON_NAMES.filter((name) => name.toLowerCase().includes(search.trim().toLowerCase())), [search]);
  const Current = iconByName(value);
  return (
    <>
      <Button
        variant="outlined" onClick={(event) => setAnchor(event.currentTarget)} startIcon={<Current />}
        aria-label={translate('menuAdmin.iconPicker')} sx={{ justifyContent: 'flex-start', textTransform: 'none', minWidth: 200 }}
      >
        {value || translate('menuAdmin.noIcon')}
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ p: 1.5, width: 380 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('menuAdmin.iconPicker')}</Typography>
          <TextField size="small" fullWidth autoFocus label={translate('menuAdmin.iconSearch')} value={search} onChange={(event) => setSearch(event.target.value)} sx={{ mb: 1 }} />
          <Box role="listbox" aria-label={translate('menuAdmin.iconPicker')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 0.5, maxHeight: 240, overflow: 'auto' }}>
            <Tooltip title={translate('menuAdmin.noIcon')}>
              <Button size="small" role="option" aria-selected={!value} aria-label={translate('menuAdmin.noIcon')} onClick={() => { onChange(''); setAnchor(null); }} sx={{ minWidth: 0 }}>—</Button>
            </Tooltip>
            {names.map((name) => {
              const Icon = iconByName(name);
              return (
                <Tooltip key={name} title={name}>
                  <IconButton
                    role="option" aria-selected={value === name} aria-label={name} color={value === name ? 'primary' : 'default'}
                    onClick={() => { onChange(name); setAnchor(null); }}
                    sx={value === name ? { bgcolor: 'action.selected' } : undefined}
                  >
                    <Icon fontSize="small" />
                  </IconButton>
                </Tooltip>
              );
            })}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
