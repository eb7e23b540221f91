const grouped = new Intl.NumberFormat('en-US');

/** 5,242,880: sizes, limits and counts, grouped the same way in both languages. */
export const formatNumber = (value: number) => grouped.format(value);
