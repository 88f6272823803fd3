import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminWeekVolume } from '@substytut/shared/admin-api';
import { formatDate, formatPln, type Locale } from '@substytut/shared';

interface PaidVolumeChartProps {
  weeks: AdminWeekVolume[];
  locale: Locale;
  label: string;
}

const compact = (locale: Locale) =>
  new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', {
    notation: 'compact',
    maximumFractionDigits: 1,
  });

/**
 * Paid gross per week as bars. Colours come from the theme's CSS variables, so the chart follows
 * light and dark mode. The numbers are also in the table next to it (spec: not a picture only).
 */
export default function PaidVolumeChart({ weeks, locale, label }: PaidVolumeChartProps) {
  const data = weeks.map((week) => ({
    week: formatDate(week.weekStart).slice(0, 5),
    day: formatDate(week.weekStart),
    zloty: week.grossGrosze / 100,
    grosze: week.grossGrosze,
  }));
  const short = compact(locale);
  return (
    <div className="h-56 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
          title={label}
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="week"
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            tick={{ fill: 'var(--muted-foreground)' }}
            interval="preserveStartEnd"
          />
          <YAxis
            width={48}
            tickLine={false}
            axisLine={false}
            tick={{ fill: 'var(--muted-foreground)' }}
            tickFormatter={(value: number) => short.format(value)}
          />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={{
              background: 'var(--popover)',
              color: 'var(--popover-foreground)',
              border: '1px solid var(--border)',
              borderRadius: 8,
            }}
            labelFormatter={(_, payload) => String(payload[0]?.payload?.day ?? '')}
            formatter={(_value, _name, item) => [formatPln(Number(item.payload?.grosze ?? 0), locale), '']}
            separator=""
          />
          <Bar dataKey="zloty" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={40} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
