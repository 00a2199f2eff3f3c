export const taxesKeys = {
  all: ['taxes'] as const,
  year: (year: number) => ['taxes', 'year', year] as const,
  month: (month: string) => ['taxes', 'month', month] as const,
};
