/**
 * The demo catalog's lessons beyond videos (#32): articles, quizzes, projects and resources in
 * several courses, so a first `pnpm start` shows every kind. Keyed by course title and chapter
 * index; each lesson is appended to its chapter.
 */
import type { LessonInput } from '@courseport/contracts';

/** A file resource the seed writes: its bytes are made here, checked and stored like an upload. */
export interface DemoFile {
  title: string;
  fileName: string;
  contentType: 'application/pdf' | 'text/plain; charset=utf-8';
  /** Text files' content; PDFs are drawn from `pdfLines`. */
  text?: string;
  pdfLines?: string[];
}

export interface DemoLesson {
  lesson: Omit<LessonInput, 'resources' | 'isPreviewFree'> & { isPreviewFree?: boolean };
  files?: DemoFile[];
  links?: Array<{ title: string; url: string }>;
}

const q = (
  prompt: string,
  options: Array<[string, boolean]>,
  explanation: string,
  kind: 'single' | 'multiple' = 'single',
) => ({
  kind,
  prompt,
  options: options.map(([text, correct]) => ({ text, correct })),
  acceptedAnswers: [],
  explanation,
});

const short = (prompt: string, acceptedAnswers: string[], explanation: string) => ({
  kind: 'text' as const,
  prompt,
  options: [],
  acceptedAnswers,
  explanation,
});

export const DEMO_LESSONS: Record<string, Array<{ chapter: number; lessons: DemoLesson[] }>> = {
  'Java Programming Masterclass': [
    {
      chapter: 0,
      lessons: [
        {
          lesson: {
            lessonKind: 'article',
            lectureTitle: 'How this course works',
            lectureDuration: 0,
            isPreviewFree: true,
            articleHtml:
              '<p>Each chapter has short videos, an article or two to read at your own pace, and a quiz at the end. Take the quiz as often as you need: it is there to show you what to review, not to catch you out.</p><h3>What you need</h3><ul><li>A computer that runs Java 21 (Windows, macOS or Linux).</li><li>An editor: IntelliJ IDEA Community or VS Code with the Java extension.</li><li>About three hours a week.</li></ul><p>Download the <strong>cheat sheet</strong> below and keep it open while you work: it has every keyword and collection method the course uses.</p>',
          },
          files: [
            {
              title: 'Java cheat sheet (PDF)',
              fileName: 'java-cheat-sheet.pdf',
              contentType: 'application/pdf',
              pdfLines: [
                'Java cheat sheet',
                '',
                'Types: int, long, double, boolean, char, String',
                'Control flow: if / else, switch, for, while, do-while',
                'Classes: class, interface, record, enum, extends, implements',
                'Collections: List.of, ArrayList, HashMap, HashSet, Collections.sort',
                'Streams: stream(), filter, map, reduce, collect(Collectors.toList())',
                'Testing: @Test, assertEquals, assertThrows (JUnit 5)',
              ],
            },
          ],
        },
      ],
    },
    {
      chapter: 1,
      lessons: [
        {
          lesson: {
            lessonKind: 'quiz',
            lectureTitle: 'Quiz: classes and interfaces',
            lectureDuration: 5,
            quizDefinition: {
              passPercent: 70,
              maxAttempts: 3,
              shuffleQuestions: false,
              shuffleOptions: true,
              questions: [
                q(
                  'Which keyword makes a class use an interface?',
                  [
                    ['implements', true],
                    ['extends', false],
                    ['inherits', false],
                    ['uses', false],
                  ],
                  'A class `implements` an interface and `extends` a class.',
                ),
                q(
                  'Which of these can an interface declare since Java 8?',
                  [
                    ['Abstract methods', true],
                    ['Default methods', true],
                    ['Static methods', true],
                    ['Instance fields', false],
                  ],
                  'Interfaces may have abstract, default and static methods, but only constants, never instance fields.',
                  'multiple',
                ),
                short(
                  'What is the name of the method every Java program starts from?',
                  ['main', 'main()'],
                  'The JVM calls `public static void main(String[] args)`.',
                ),
              ],
            },
          },
          files: [
            {
              title: 'Shapes example (source)',
              fileName: 'Shapes.java',
              contentType: 'text/plain; charset=utf-8',
              text: 'interface Shape {\n  double area();\n}\n\nrecord Circle(double radius) implements Shape {\n  public double area() { return Math.PI * radius * radius; }\n}\n\nrecord Square(double side) implements Shape {\n  public double area() { return side * side; }\n}\n\npublic class Shapes {\n  public static void main(String[] args) {\n    Shape[] shapes = { new Circle(1), new Square(2) };\n    for (Shape shape : shapes) System.out.println(shape + " has area " + shape.area());\n  }\n}\n',
            },
          ],
        },
      ],
    },
    {
      chapter: 2,
      lessons: [
        {
          lesson: {
            lessonKind: 'project',
            lectureTitle: 'Project: a library catalogue',
            lectureDuration: 90,
            projectBrief:
              '<p>Build a small command-line library catalogue that uses what you learned about classes, collections and streams.</p><h3>Steps</h3><ol><li>Model <code>Book</code> as a record with a title, an author and a year.</li><li>Keep the books in a <code>List</code> and add ten of your favourites.</li><li>Print the books sorted by year, then only those by one author, using streams.</li><li>Write two JUnit tests for your filtering method.</li></ol><p>Submit a link to your repository (GitHub, GitLab…) or a ZIP of the project, with a note on anything you would like feedback on.</p>',
          },
          links: [{ title: 'Starter repository', url: 'https://github.com/junit-team/junit5-samples' }],
        },
      ],
    },
  ],
  'JavaScript Essentials': [
    {
      chapter: 0,
      lessons: [
        {
          lesson: {
            lessonKind: 'article',
            lectureTitle: 'var, let and const',
            lectureDuration: 0,
            articleHtml:
              '<p>Modern JavaScript has three ways to declare a variable. Prefer <code>const</code>: most values never need to change, and saying so helps the reader. Use <code>let</code> for a value that does change, such as a loop counter. Avoid <code>var</code>: it is scoped to the whole function rather than the block, which surprises people.</p><h3>Block scope</h3><p>A <code>let</code> or <code>const</code> exists from its line to the end of the nearest block. Reading it before its line throws a <code>ReferenceError</code> (the "temporal dead zone").</p><p>A <code>const</code> binding cannot be reassigned, but the object it points to can still change: <code>const list = []; list.push(1)</code> is fine.</p>',
          },
        },
        {
          lesson: {
            lessonKind: 'quiz',
            lectureTitle: 'Quiz: the language',
            lectureDuration: 4,
            quizDefinition: {
              passPercent: 60,
              maxAttempts: null,
              shuffleQuestions: true,
              shuffleOptions: true,
              questions: [
                q(
                  'Which declaration cannot be reassigned?',
                  [
                    ['const', true],
                    ['let', false],
                    ['var', false],
                  ],
                  '`const` bindings cannot be reassigned (the object they point to can still change).',
                ),
                q(
                  'What does `typeof null` give?',
                  [
                    ["'object'", true],
                    ["'null'", false],
                    ["'undefined'", false],
                  ],
                  "A historical quirk: `typeof null` is `'object'`.",
                ),
                short(
                  'Which array method returns a new array with every element transformed?',
                  ['map', 'Array.prototype.map', 'map()'],
                  '`map` calls your function on each element and collects the results.',
                ),
              ],
            },
          },
          links: [{ title: 'MDN JavaScript reference', url: 'https://developer.mozilla.org/docs/Web/JavaScript' }],
        },
      ],
    },
  ],
  'Node.js and Koa APIs': [
    {
      chapter: 1,
      lessons: [
        {
          lesson: {
            lessonKind: 'project',
            lectureTitle: 'Project: a to-do API',
            lectureDuration: 120,
            projectBrief:
              '<p>Build a JSON API for a to-do list with Koa: list, create, complete and delete items, with validation and clear error answers.</p><ul><li>Use <code>@koa/router</code> and a body parser.</li><li>Answer <code>400</code> with a message for bad input.</li><li>Write tests with <code>supertest</code>.</li></ul>',
          },
          files: [
            {
              title: 'Starter server (source)',
              fileName: 'server.js',
              contentType: 'text/plain; charset=utf-8',
              text: "import Koa from 'koa';\nimport Router from '@koa/router';\n\nconst app = new Koa();\nconst router = new Router();\nconst todos = [];\n\nrouter.get('/todos', (ctx) => {\n  ctx.body = todos;\n});\n\napp.use(router.routes()).use(router.allowedMethods());\napp.listen(3000);\n",
            },
          ],
        },
      ],
    },
  ],
};
