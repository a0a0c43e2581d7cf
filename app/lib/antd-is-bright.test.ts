import { AggregationColor } from 'antd/es/color-picker/color.js';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets.js';
import { describe, expect, it } from 'vitest';
import { isBright } from './antd-is-bright.ts';

const COLORS = [
  '#000000',
  '#ffffff',
  '#1677ff',
  '#2160e8',
  '#f2b33d',
  '#fadb14',
  '#ff4d4f',
  '#52c41a',
  '#c0c0c0',
  '#c1c1c1',
  'rgba(0, 0, 0, 0.88)',
  'rgba(0, 0, 0, 0.4)',
  'rgba(255, 255, 255, 0.3)',
  'rgba(255, 255, 255, 0.6)',
  'rgba(22, 119, 255, 0.2)',
  'transparent',
];

describe("antd's isBright, alone", () => {
  it('answers as antd does for opaque and see-through colours on light and dark backgrounds', () => {
    for (const background of ['#fff', '#000', '#141414', '#f5f5f5'])
      for (const color of COLORS) {
        const value = new AggregationColor(color);
        expect(isBright(value, background), `${color} on ${background}`).toBe(
          antdIsBright(value, background),
        );
      }
    // Both answers occur, so the comparison above can tell the two apart.
    const answers = COLORS.map((color) => isBright(new AggregationColor(color), '#fff'));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });
});
