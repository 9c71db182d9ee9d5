import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box, Divider, Drawer, FormControlLabel, IconButton, Radio, RadioGroup, Stack, Switch, ToggleButton, ToggleButtonGroup, Tooltip, Typography,
} from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { usePreferences } from '../preferences/PreferencesContext';
import { THEMES, themeForSetting } from '../themes/palettes';
import type { ElementSize } from '../themes/createAppTheme';
import { DEFAULT_THEME_COLOR } from '../config';

/** The settings drawer: theme, theme colour, element size, page transition, side menu collapse. */
export function SettingsDrawer() {
  const translate = useTranslate();
  const { preferences, update } = usePreferences();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('settings.title')}>
        <IconButton color="inherit" aria-label={translate('settings.title')} onClick={() => setOpen(true)}><TuneIcon /></IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 300, p: 2 }} role="region" aria-label={translate('settings.title')}>
          <Typography variant="h6" gutterBottom>{translate('settings.title')}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>{translate('settings.theme')}</Typography>
          <RadioGroup value={preferences.theme} onChange={(event) => update({ theme: themeForSetting(event.target.value) })}>
            {THEMES.map((theme) => (
              <FormControlLabel
                key={theme.name}
                value={theme.name}
                control={<Radio size="small" />}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ display: 'flex', border: '1px solid', borderColor: 'divider' }} aria-hidden>
                      <Box sx={{ width: 12, height: 20, bgcolor: theme.sidebar }} />
                      <Box sx={{ width: 20, height: 20, bgcolor: theme.appBar }} />
                      <Box sx={{ width: 12, height: 20, bgcolor: theme.background }} />
                    </Box>
                    <span>{translate(`settings.themes.${theme.name}`)}</span>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>{translate('settings.colour')}</Typography>
            <input
              type="color" value={preferences.colour} aria-label={translate('settings.colour')}
              onChange={(event) => update({ colour: event.target.value })}
              style={{ width: 40, height: 28, border: 'none', background: 'none', padding: 0 }}
            />
            <Typography
              variant="caption" component="button" onClick={() => update({ colour: DEFAULT_THEME_COLOR })}
              sx={{ border: 0, background: 'none', cursor: 'pointer', color: 'primary.main' }}
            >
              {translate('settings.reset')}
            </Typography>
          </Stack>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>{translate('settings.size')}</Typography>
          <ToggleButtonGroup exclusive size="small" value={preferences.size} onChange={(_, size: ElementSize | null) => size && update({ size })}>
            {(['small', 'default', 'large'] as const).map((size) => (
              <ToggleButton key={size} value={size}>{translate(`settings.sizes.${size}`)}</ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Divider sx={{ my: 2 }} />
          <FormControlLabel control={<Switch checked={preferences.transition} onChange={(_, transition) => update({ transition })} />} label={translate('settings.transition')} />
          <FormControlLabel control={<Switch checked={preferences.asideCollapsed} onChange={(_, asideCollapsed) => update({ asideCollapsed })} />} label={translate('settings.asideCollapsed')} />
        </Box>
      </Drawer>
    </>
  );
}
