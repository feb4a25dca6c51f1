import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { srOnly } from '@/components/change-diff.tsx';
import type { LogLineItem } from '../api/log-line-fragment.ts';
import { lineTime, lineWriter } from './log-format.ts';

/** Within this many pixels of the end counts as at the end: following goes on. */
const AT_END_PX = 32;
/** Time and writer before a line: quieter than it, each kept whole. */
const prefixSx = { color: 'text.secondary', whiteSpace: 'nowrap' } as const;
const ROW_ESTIMATE_PX = 20;

interface LogLinesProps {
  lines: readonly LogLineItem[];
  showTimestamps: boolean;
  /** Whose line it is, before the text: when lines of several writers (replicas) are mixed. */
  showWriter: boolean;
}

function LogRow({ line, showTimestamps, showWriter }: { line: LogLineItem } & Omit<LogLinesProps, 'lines'>) {
  const stderr = line.stream === 'STDERR';
  return (
    <>
      {/* Spaces, not margins, between the parts: a narrow screen breaks the row there, not inside a word. */}
      {showTimestamps && (
        <>
          <Box component="span" sx={prefixSx}>
            {lineTime(line)}
          </Box>{' '}
        </>
      )}
      {showWriter && (
        <>
          <Box component="span" sx={prefixSx}>
            {lineWriter(line)}
          </Box>{' '}
        </>
      )}
      {stderr && <Box sx={srOnly}>stderr: </Box>}
      <Box
        component="span"
        sx={
          stderr
            ? {
                // The darker shade on light, the lighter on dark: the main ones are too faint for small text.
                color: (theme) => theme.palette.error[theme.palette.mode === 'dark' ? 'light' : 'dark'],
              }
            : undefined
        }
      >
        {line.line}
      </Box>
    </>
  );
}

/**
 * The lines, virtualized: only those in view (and a few around) are in the page, so ten thousand stay fast.
 * Rows are measured as they render, since long lines wrap.
 */
export function LogLines({ lines, showTimestamps, showWriter }: LogLinesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  // The warning is React Compiler's, which the portal is not built with; nothing here memoizes what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => lines[index]?.id ?? index,
    overscan: 20,
  });

  // New lines while the reader is at the end: the newest comes into view; so it does when rows grow or
  // shrink (measured, or rewrapped at another width). Scrolled up, the reader stays put.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (atEnd && lines.length > 0) virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  }, [lines, atEnd, virtualizer, totalSize]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    setAtEnd(element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX);
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="region"
        aria-label="Log lines"
        // Focusable so that the keyboard scrolls it (arrows, Page Up/Down, Home, End).
        tabIndex={0}
        sx={{
          height: { xs: '60vh', md: 'min(70vh, 720px)' },
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          lineHeight: 1.5,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ height: totalSize, position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            if (!line) return null;
            return (
              <Box
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                  px: 1.5,
                  // Long lines wrap (anywhere, as log lines have long words) rather than scroll sideways.
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  borderLeft: 3,
                  borderLeftColor: line.stream === 'STDERR' ? 'error.main' : 'transparent',
                  bgcolor: (theme) =>
                    line.stream === 'STDERR' ? alpha(theme.palette.error.main, 0.06) : 'transparent',
                }}
              >
                <LogRow line={line} showTimestamps={showTimestamps} showWriter={showWriter} />
              </Box>
            );
          })}
        </Box>
      </Box>
      {!atEnd && (
        <Button
          size="small"
          variant="contained"
          onClick={() => virtualizer.scrollToIndex(lines.length - 1, { align: 'end' })}
          sx={{ position: 'absolute', right: 16, bottom: 12 }}
        >
          Latest line
        </Button>
      )}
    </Box>
  );
}
