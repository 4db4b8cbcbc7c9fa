import type { ImageSize } from './image-dimensions.js';

/**
 * What OpenAI bills an image in a prompt (https://platform.openai.com/docs/guides/images-vision,
 * "Calculating costs", GPT-4o and GPT-4.1 family): 85 tokens at `detail: low`; otherwise the image
 * fits within 2048×2048, then its shortest side is brought down to 768 px, and each 512 px tile
 * costs 170 tokens on top of the 85. A Messages image has no detail, so `auto`, counted as high.
 */
export function openAiImageTokens(size: ImageSize | undefined): number {
  // An image whose size cannot be read counts as the largest tiling a fitted image can have (2×4 tiles).
  if (size === undefined) return 85 + 170 * 8;
  let { width, height } = size;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const shrink = Math.min(1, 768 / Math.min(width, height));
  width *= shrink;
  height *= shrink;
  return 85 + 170 * Math.ceil(width / 512) * Math.ceil(height / 512);
}
