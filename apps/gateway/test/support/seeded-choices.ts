/** Choices drawn from a seeded random source, so that a fuzz run can be replayed from its seed. */
export class SeededChoices {
  constructor(protected readonly random: () => number) {}

  protected pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  protected integer(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  protected chance(probability: number): boolean {
    return this.random() < probability;
  }
}
