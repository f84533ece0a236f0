import type { PoolClient } from "pg";

const TOPICS = [
  "Meditation",
  "Tarot",
  "Astrology",
  "Herbalism",
  "Crystal Work",
  "Dream Work",
  "Ritual Design",
  "Candle Magic",
  "Breathwork",
  "Divination",
];
const ANGLES = [
  "Foundations",
  "Daily Practice",
  "In Depth",
  "for Beginners",
  "Advanced Methods",
  "History and Sources",
  "Journaling",
  "Common Mistakes",
  "A Seasonal Approach",
  "Working with Symbols",
  "Teaching Others",
  "Ethics and Care",
  "Study Circle",
  "Field Notes",
  "Core Texts",
  "Quiet Hours",
  "Patterns",
  "Questions and Answers",
  "Practical Exercises",
  "Review",
];

/**
 * Inserts `count` courses (four in five published, three in ten premium, one in ten featured,
 * levels in turn, categories from the first-start seed) with 3 modules × 4 lessons each and a
 * three-question quiz closing each module, then `enrollments` enrollments of generated members
 * with some completed lessons and reviews, keeping the courses' counters equal to the rows.
 */
export async function insertCourses(
  client: PoolClient,
  count: number,
  enrollments: number,
  instructorId: string,
) {
  await client.query(
    `create temp table bench_courses as
     select g as ord, gen_random_uuid() as id,
       ($2::text[])[1 + (g - 1) % cardinality($2::text[])] || ': ' ||
         ($3::text[])[1 + ((g - 1) / cardinality($2::text[])) % cardinality($3::text[])] as title,
       (array['beginner','intermediate','advanced'])[1 + g % 3] as level,
       (g <= 10 or random() < 0.8) as published, random() < 0.3 as premium, random() < 0.1 as featured,
       now() - (g || ' hours')::interval as published_at
     from generate_series(1, $1::int) g`,
    [count, TOPICS, ANGLES],
  );
  await client.query(
    `insert into courses (id, slug, title, summary, description, description_html, level, category_id,
       instructor_id, is_premium, is_featured, status, estimated_minutes, published_at)
     select c.id, 'bench-course-' || c.ord, c.title,
       'A generated course about ' || lower(c.title) || '.',
       'Generated for the benchmark.', '<p>Generated for the benchmark.</p>', c.level,
       (select id from academy_categories order by display_order offset (c.ord % greatest(1, (select count(*) from academy_categories))::int) limit 1),
       $1, c.premium, c.featured, case when c.published then 'published' else 'draft' end, 12 * 6,
       case when c.published then c.published_at end
     from bench_courses c`,
    [instructorId],
  );
  await client.query(
    `insert into course_modules (id, course_id, title, position)
     select gen_random_uuid(), c.id, 'Module ' || m, m from bench_courses c, generate_series(1, 3) m`,
  );
  await client.query(
    `insert into lessons (course_id, module_id, slug, title, body, body_html, position, requires_previous, estimated_minutes)
     select m.course_id, m.id, 'lesson-' || m.position || '-' || l, 'Lesson ' || m.position || '.' || l,
       'Read, practise and note what you notice.', '<p>Read, practise and note what you notice.</p>',
       l, l > 1, 6
     from course_modules m join bench_courses c on c.id = m.course_id, generate_series(1, 4) l`,
  );
  await client.query(
    `insert into quizzes (lesson_id, pass_percent)
     select l.id, 70 from lessons l join bench_courses c on c.id = l.course_id where l.position = 4`,
  );
  await client.query(
    `insert into quiz_questions (quiz_id, prompt, kind, explanation, position)
     select q.id, 'Question ' || n || '?', case when n = 3 then 'multiple' else 'single' end,
       'The lesson explains why.', n
     from quizzes q join lessons l on l.id = q.lesson_id join bench_courses c on c.id = l.course_id,
       generate_series(1, 3) n`,
  );
  await client.query(
    `insert into quiz_options (question_id, label, is_correct, position)
     select qq.id, 'Option ' || o, o = 1 or (qq.kind = 'multiple' and o = 2), o
     from quiz_questions qq join quizzes q on q.id = qq.quiz_id join lessons l on l.id = q.lesson_id
       join bench_courses c on c.id = l.course_id, generate_series(1, 3) o`,
  );
  // Enrollments: distinct (course, member) pairs of published courses, skewed to early courses.
  await client.query(
    `insert into course_enrollments (course_id, user_id, completed_lessons, enrolled_at, last_activity_at)
     select distinct on (c.id, m.id) c.id, m.id, floor(random() * 6)::int, now() - interval '30 days', now() - (random() * interval '30 days')
     from generate_series(1, $1::int) g
     join bench_courses c on c.ord = 1 + floor(power(random(), 2) * $2::int)::int and c.published
     join bench_members m on m.ord = 1 + floor(random() * (select count(*) from bench_members))::int
     on conflict do nothing`,
    [enrollments, count],
  );
  await client.query(
    `insert into course_reviews (course_id, user_id, rating, body)
     select e.course_id, e.user_id, 3 + floor(random() * 3)::int, 'Clear lessons and useful exercises.'
     from course_enrollments e join bench_courses c on c.id = e.course_id where random() < 0.2`,
  );
  await client.query(
    `update courses c set
       enrollment_count = (select count(*) from course_enrollments e where e.course_id = c.id),
       review_count = (select count(*) from course_reviews r where r.course_id = c.id),
       rating_sum = coalesce((select sum(rating) from course_reviews r where r.course_id = c.id), 0)
     where c.id in (select id from bench_courses)`,
  );
}
