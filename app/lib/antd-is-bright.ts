import { Color as RcColor } from '@rc-component/color-picker';

/** The part of antd's colour object the question needs. */
type ColorLike = {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
};

/**
 * Whether text on `value` should be dark: antd's own rule for its colour presets (`isBright` of
 * `antd/es/color-picker/components/ColorPresets`), which antd's Button styles import. The build gives them
 * this module instead (scripts/antd-is-bright.ts), so that every page does not download the presets
 * panel with it; `antd-is-bright.test.ts` holds the two to the same answers.
 */
export function isBright(value: ColorLike, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  if (a <= 0.5) {
    // A see-through colour is read on its background (antd: "adapted to dark mode").
    return new RcColor(value.toRgbString()).onBackground(background).toHsv().v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
