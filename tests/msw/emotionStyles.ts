import { createElement } from 'react';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';

/**
 * MUI's styles, as Emotion inserts them in development: one `<style>` element per rule in the
 * document's head, kept for as long as the document lives. A console worker keeps one document for
 * all its files (isolate: false), so the rules of every screen it rendered piled up (1,246 style
 * elements after the first file, 2,923 after the ninth, measured); jsdom's getComputedStyle, which
 * the role queries' accessible names and user-event's pointer check call on every element they look
 * at, goes through all of them each time (a fifth to a third of a later file's CPU in a profile).
 * A file's end removes them and empties Emotion's record of what it inserted, so the next file's
 * screens insert their own again, as in a fresh document.
 */
type EmotionCache = { sheet: { flush(): void }; inserted: Record<string, unknown> };
let cache: EmotionCache | undefined;

function defaultCache(): EmotionCache {
  if (!cache) {
    // The cache the console's components use (Emotion's default, in its React context), read once.
    const Grab = () => { cache = useEmotionCache() as unknown as EmotionCache; return null; };
    render(createElement(Grab));
    cleanup();
  }
  return cache!;
}

export function removeInsertedStyles() {
  const emotion = defaultCache();
  emotion.sheet.flush();
  for (const key of Object.keys(emotion.inserted)) delete emotion.inserted[key];
}
