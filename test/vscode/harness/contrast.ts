import type { Frame } from 'playwright-core';

/** An sRGB colour with alpha, channels 0–1. */
type Rgba = [number, number, number, number];

/** A computed CSS colour: `rgb()`/`rgba()` (0–255) or `color(srgb …)` (0–1), as Chromium reports them. */
export function parseColor(text: string): Rgba | undefined {
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(text.trim());
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255, rgb[4] === undefined ? 1 : Number(rgb[4])];
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(text.trim());
  if (srgb) return [Number(srgb[1]), Number(srgb[2]), Number(srgb[3]), srgb[4] === undefined ? 1 : Number(srgb[4])];
  return undefined;
}

/** `top` drawn over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** What a checkbox of the events list is drawn with, and what in it falls short of 3:1 (WCAG 1.4.11), if anything. */
export interface CheckboxLook {
  key: string;
  state: string;
  /** The box against what surrounds it (its border or its fill, whichever stands out more). */
  box: number;
  /** The check or dash against the box; undefined for an empty (off) box. */
  mark?: number;
  problem?: string;
}

/**
 * Measures each event checkbox in `frame`: a box drawn by the browser (`appearance: auto`) is painted in its
 * `accent-color`; a box the page draws itself has a border, a fill and a mark (`::before`) in theme colours.
 */
export async function checkboxContrasts(frame: Frame): Promise<CheckboxLook[]> {
  // Runs in the page: no named helper functions in here (the test's TypeScript build would wrap them).
  const raw = await frame.locator('[data-event-checkbox]').evaluateAll((boxes) => boxes.map((box) => {
    const style = getComputedStyle(box);
    const mark = getComputedStyle(box, '::before');
    let behind = 'rgb(255, 255, 255)';
    for (let element: Element | null = box.parentElement; element; element = element.parentElement) {
      const color = getComputedStyle(element).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') { behind = color; break; }
    }
    return {
      key: box.getAttribute('data-event-checkbox') ?? '',
      state: box.closest('[data-event-state]')?.getAttribute('data-event-state') ?? '',
      appearance: style.appearance,
      accent: style.accentColor,
      border: style.borderTopColor,
      borderWidth: parseFloat(style.borderTopWidth),
      fill: style.backgroundColor,
      markContent: mark.content,
      markFill: mark.backgroundColor,
      markBorder: mark.borderBottomColor,
      markBorderWidth: parseFloat(mark.borderBottomWidth),
      behind,
    };
  }));
  return raw.map((box) => {
    const behind = over(parseColor(box.behind) ?? [1, 1, 1, 1], [1, 1, 1, 1]);
    const color = (text: string) => parseColor(text) ?? [0, 0, 0, 0] as Rgba;
    const ratio = (text: string, against: Rgba) => Math.round(contrastRatio(over(color(text), against), against) * 100) / 100;
    if (box.appearance !== 'none') {
      // The browser picks the mark's colour against the accent; the box must stand out from the page.
      const box_ = ratio(box.accent === 'auto' ? 'rgb(0, 117, 255)' : box.accent, behind);
      return { key: box.key, state: box.state, box: box_, problem: box_ < 3 ? `drawn by the browser in accent-color ${box.accent}: ${box_}:1 against the page` : undefined };
    }
    const fill = over(color(box.fill), behind);
    const boxRatio = Math.max(box.borderWidth > 0 ? ratio(box.border, behind) : 1, ratio(box.fill, behind));
    let mark: number | undefined;
    const problems: string[] = [];
    if (boxRatio < 3) problems.push(`the box is ${boxRatio}:1 against the page (border ${box.border}, fill ${box.fill})`);
    if (box.state === 'on' || box.state === 'default') {
      const markColor = box.markBorderWidth > 0 ? box.markBorder : box.markFill;
      mark = box.markContent === 'none' ? 1 : ratio(markColor, fill);
      if (mark < 3) problems.push(`its mark is ${mark}:1 against the box (${box.markContent === 'none' ? 'not drawn' : markColor})`);
    }
    return { key: box.key, state: box.state, box: boxRatio, mark, problem: problems.length > 0 ? problems.join('; ') : undefined };
  });
}
