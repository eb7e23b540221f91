import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

import org.quartz.Calendar;
import org.quartz.CronExpression;
import org.quartz.impl.calendar.AnnualCalendar;
import org.quartz.impl.calendar.CronCalendar;
import org.quartz.impl.calendar.DailyCalendar;
import org.quartz.impl.calendar.HolidayCalendar;
import org.quartz.impl.calendar.MonthlyCalendar;
import org.quartz.impl.calendar.WeeklyCalendar;

/**
 * LIS's reference for issue 34: reads one case a line on stdin
 *   {"id":"…","expr":"0 0 9 * * ?","tz":"Europe/Berlin","from":"2026-03-01T00:00:00Z","count":5,"calendar":{…}}
 * builds the calendar with Quartz 2.3.2's own classes (src/, unchanged) and prints, one a line,
 *   {"id":"…","next":["…Z",…],"capped":false,"tested":N}  or  {"id":"…","error":"…"}
 * (tested: how many candidate fire times the calendar was asked about)
 * computing fire times as CronTriggerImpl.computeFirstFireTime / triggered do: the cron expression's
 * next time after the previous one, skipped while the calendar does not include it.
 *
 * Two bounds, the same as LIS's (docs/calendars.md): no candidate from 2099-12-31T00:00:00Z on (LIS's
 * cron engine stops at the end of 2099 in a zone; Quartz's at the current year + 100), and at most
 * maxCandidates candidates tested per fire time (then "capped": Quartz itself would go on).
 *
 * A calendar without "tz" uses the JVM's default zone (BaseCalendar.createJavaCalendar): the harness sets
 * the default zone to the trigger's for each case, which is LIS's rule "default: the trigger's zone".
 */
public final class CalendarHarness {
    /** 2099-12-31T00:00:00Z: before 2100 begins in any zone. */
    private static final long SEARCH_END = 4102358400000L;
    private static final String[] WEEKDAYS = {"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"};

    public static void main(String[] args) throws Exception {
        int maxCandidates = args.length > 0 ? Integer.parseInt(args[0]) : 50000;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.trim().isEmpty()) continue;
            Map<String, Object> test = Json.object(Json.parse(line));
            out.append(run(test, maxCandidates)).append('\n');
            if (out.length() > 1 << 16) {
                System.out.print(out);
                out.setLength(0);
            }
        }
        System.out.print(out);
        System.out.flush();
    }

    private static String run(Map<String, Object> test, int maxCandidates) {
        String id = (String) test.get("id");
        String head = "{\"id\":" + Json.quote(id) + ",";
        TimeZone zone = TimeZone.getTimeZone((String) test.get("tz"));
        TimeZone.setDefault(zone);
        Calendar calendar;
        try {
            calendar = build(Json.object(test.get("calendar")));
        } catch (Exception error) {
            return head + "\"error\":" + Json.quote(error.getClass().getSimpleName() + ": " + error.getMessage()) + "}";
        }
        try {
            CronExpression cron = new CronExpression((String) test.get("expr"));
            cron.setTimeZone(zone);
            Date previous = new Date(parseInstant((String) test.get("from")));
            int count = ((Number) test.get("count")).intValue();
            List<String> next = new ArrayList<>();
            boolean capped = false;
            long tested = 0;
            while (next.size() < count) {
                Date candidate = cron.getTimeAfter(previous);
                int testedNow = 0;
                while (candidate != null) {
                    if (candidate.getTime() >= SEARCH_END) { candidate = null; break; }
                    tested++;
                    if (calendar.isTimeIncluded(candidate.getTime())) break;
                    if (++testedNow >= maxCandidates) { capped = true; candidate = null; break; }
                    candidate = cron.getTimeAfter(candidate);
                }
                if (candidate == null) break;
                next.add(formatInstant(candidate));
                previous = candidate;
            }
            StringBuilder line = new StringBuilder(head).append("\"next\":[");
            for (int index = 0; index < next.size(); index++) {
                line.append(index == 0 ? "" : ",").append(Json.quote(next.get(index)));
            }
            return line.append("],\"capped\":").append(capped).append(",\"tested\":").append(tested).append('}').toString();
        } catch (Exception error) {
            return head + "\"error\":" + Json.quote("trigger: " + error.getClass().getSimpleName() + ": " + error.getMessage()) + "}";
        }
    }

    /** The calendar of a LIS definition, built with Quartz's classes (the base first). */
    static Calendar build(Map<String, Object> definition) throws Exception {
        Calendar base = definition.containsKey("base") ? build(Json.object(definition.get("base"))) : null;
        TimeZone zone = definition.containsKey("tz") ? TimeZone.getTimeZone((String) definition.get("tz")) : null;
        String type = (String) definition.get("type");
        switch (type) {
            case "holiday": {
                HolidayCalendar holiday = new HolidayCalendar(base, zone);
                for (Object date : Json.array(definition.get("dates"))) {
                    String[] parts = ((String) date).split("-");
                    java.util.Calendar day = java.util.Calendar.getInstance(zone == null ? TimeZone.getDefault() : zone);
                    day.clear();
                    day.set(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]) - 1, Integer.parseInt(parts[2]), 0, 0, 0);
                    holiday.addExcludedDate(day.getTime());
                }
                return holiday;
            }
            case "annual": {
                AnnualCalendar annual = new AnnualCalendar(base, zone);
                ArrayList<java.util.Calendar> days = new ArrayList<>();
                for (Object monthDay : Json.array(definition.get("days"))) {
                    String[] parts = ((String) monthDay).split("-");
                    // A day of the leap year 2000 (so that 02-29 exists), read back as month and day only.
                    java.util.Calendar day = java.util.Calendar.getInstance(TimeZone.getTimeZone("UTC"));
                    day.clear();
                    day.set(2000, Integer.parseInt(parts[0]) - 1, Integer.parseInt(parts[1]), 12, 0, 0);
                    days.add(day);
                }
                // setDaysExcluded, not setDayExcluded: the latter skips a day the base calendar excludes.
                annual.setDaysExcluded(days);
                return annual;
            }
            case "weekly": {
                WeeklyCalendar weekly = new WeeklyCalendar(base, zone);
                boolean[] excluded = new boolean[8];
                for (Object day : Json.array(definition.get("exclude"))) {
                    for (int index = 0; index < WEEKDAYS.length; index++) {
                        if (WEEKDAYS[index].equals(day)) excluded[index + 1] = true;
                    }
                }
                weekly.setDaysExcluded(excluded);
                return weekly;
            }
            case "monthly": {
                MonthlyCalendar monthly = new MonthlyCalendar(base, zone);
                boolean[] excluded = new boolean[31];
                for (Object day : Json.array(definition.get("exclude"))) excluded[((Number) day).intValue() - 1] = true;
                monthly.setDaysExcluded(excluded);
                return monthly;
            }
            case "daily": {
                DailyCalendar daily = new DailyCalendar(base, quartzTime((String) definition.get("from")), quartzTime((String) definition.get("to")));
                if (zone != null) daily.setTimeZone(zone);
                daily.setInvertTimeRange(Boolean.TRUE.equals(definition.get("invert")));
                return daily;
            }
            case "cron":
                return new CronCalendar(base, (String) definition.get("expression"), zone);
            default:
                throw new IllegalArgumentException("unknown calendar type " + type);
        }
    }

    /** LIS's HH:MM[:SS[.fff]] (a decimal fraction of a second) as DailyCalendar's HH:MM:SS:mmm. */
    static String quartzTime(String text) {
        String[] secondAndFraction = text.split("\\.");
        if (secondAndFraction.length == 1) return text;
        String millis = (secondAndFraction[1] + "00").substring(0, 3);
        return secondAndFraction[0] + ":" + Integer.parseInt(millis);
    }

    static long parseInstant(String text) {
        return java.time.Instant.parse(text).toEpochMilli();
    }

    static String formatInstant(Date date) {
        SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        return format.format(date);
    }
}
