import { useCallback, useState, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import { Tooltip } from './tooltip.tsx';
import type { SxProps, Theme } from '@mui/material/styles';
import { TextLink, type LinkTarget } from './router-links.tsx';

const oneLine: CSSProperties = {
  display: 'block',
  minWidth: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/** A callback ref telling whether the element's text is cut off, again whenever its size changes. */
function useTruncated(): [(element: HTMLElement | null) => void, boolean] {
  const [truncated, setTruncated] = useState(false);
  const ref = useCallback((element: HTMLElement | null) => {
    if (element === null) return;
    const measure = () => setTruncated(element.scrollWidth > element.clientWidth);
    // Without a ResizeObserver (jsdom) the name is measured once.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The observer reports the element's first size too, after the browser's own layout: measuring here at
    // once would force a layout of the page in the middle of React's commit, for every name of a list.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, truncated];
}

interface TruncatedNameProps {
  name: string;
  /** Makes the name a link (the list's row link, a breadcrumb). */
  link?: LinkTarget;
  sx?: SxProps<Theme>;
}

/**
 * A resource name on one line. Names are never broken mid-word: one too long for its space ends in an ellipsis
 * and shows whole in a tooltip on hover and on keyboard focus; while cut, a name that is not a link can take
 * focus for that. Screen readers read the whole name either way.
 */
export function TruncatedName({ name, link, sx }: TruncatedNameProps) {
  const [ref, truncated] = useTruncated();
  const text = (
    <Box
      component="span"
      ref={ref}
      {...(truncated && !link && { tabIndex: 0, 'data-focus-ring': true })}
      sx={oneLine}
    >
      {name}
    </Box>
  );
  return (
    // A one-column grid that may shrink to nothing: the name asks for its whole width (a table column grows to
    // it where there is room) without insisting on it (the column, or a heading's line, shrinks where there is not).
    <Box
      component="span"
      sx={[
        { display: 'grid', gridTemplateColumns: 'minmax(0, auto)', justifyContent: 'start' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Tooltip title={truncated ? name : ''} describeChild>
        {link ? (
          <TextLink
            to={link.to}
            params={link.params}
            // Only a link to this very page is the current one (aria-current), not one to a page above it.
            activeOptions={{ exact: true }}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
          >
            {text}
          </TextLink>
        ) : (
          text
        )}
      </Tooltip>
    </Box>
  );
}
