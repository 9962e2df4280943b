/** The demo catalog: real-looking courses from two educators, for a first `pnpm start`. */

export interface DemoLecture {
  title: string;
  minutes: number;
  video: string;
  free?: boolean;
}
export interface DemoCourse {
  title: string;
  /** A slug of the default categories (`categories/service.ts`) and a level (#21). */
  category: string;
  level: 'beginner' | 'intermediate' | 'advanced';
  educator: 0 | 1;
  price: number;
  discount: number;
  summary: string;
  points: string[];
  chapters: Array<{ title: string; lectures: DemoLecture[] }>;
}

const intro = (video: string, minutes = 8): DemoLecture => ({
  title: 'Welcome and course overview',
  minutes,
  video,
  free: true,
});

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Java Programming Masterclass',
    category: 'programming-languages',
    level: 'beginner',
    educator: 0,
    price: 499,
    discount: 20,
    summary:
      'Learn Java from the ground up: syntax, object-oriented design, collections and testing, by building small, real programs.',
    points: [
      'Variables, control flow and methods',
      'Classes, interfaces and generics',
      'Collections and streams',
      'Unit testing with JUnit',
    ],
    chapters: [
      {
        title: 'Getting started',
        lectures: [intro('eIrMbAQSU34'), { title: 'Installing the JDK', minutes: 12, video: 'WRISYpKhIrc' }],
      },
      {
        title: 'Object-oriented Java',
        lectures: [
          { title: 'Classes and objects', minutes: 24, video: 'IUqKuGNasdM' },
          { title: 'Interfaces and inheritance', minutes: 31, video: 'Hl-zzrqQoSE' },
        ],
      },
      {
        title: 'Working with data',
        lectures: [
          { title: 'Collections in practice', minutes: 27, video: 'viTHc_4XfCA' },
          { title: 'Streams and lambdas', minutes: 22, video: 't1-YZ6bF-g0' },
        ],
      },
    ],
  },
  {
    title: 'Advanced Java: Concurrency and Streams',
    category: 'programming-languages',
    level: 'advanced',
    educator: 1,
    price: 799,
    discount: 35,
    summary:
      'Write fast, correct concurrent Java: threads, executors, CompletableFuture, virtual threads and parallel streams.',
    points: ['The Java memory model', 'Executors and thread pools', 'CompletableFuture pipelines', 'Virtual threads'],
    chapters: [
      {
        title: 'Foundations',
        lectures: [
          intro('WldMTtUWqTg', 6),
          { title: 'Threads and the memory model', minutes: 34, video: 'r_MbozD32eo' },
        ],
      },
      {
        title: 'Modern concurrency',
        lectures: [
          { title: 'Executors', minutes: 26, video: '6Oo-9Can3H8' },
          { title: 'Virtual threads', minutes: 29, video: 'lKSSBvRDmTg' },
          { title: 'Parallel streams', minutes: 18, video: '2nup6Oizpcw' },
        ],
      },
    ],
  },
  {
    title: 'JavaScript Essentials',
    category: 'web-development',
    level: 'beginner',
    educator: 0,
    price: 399,
    discount: 0,
    summary: 'The JavaScript every web developer needs: values, functions, objects, the DOM, promises and modules.',
    points: ['Modern syntax', 'Functions and closures', 'The DOM and events', 'Promises and async/await'],
    chapters: [
      {
        title: 'The language',
        lectures: [
          intro('PkZNo7MFNFg', 10),
          { title: 'Values and types', minutes: 15, video: 'W6NZfCO5SIk' },
          { title: 'Functions and closures', minutes: 21, video: 'N8ap4k_1QEQ' },
        ],
      },
      {
        title: 'In the browser',
        lectures: [
          { title: 'The DOM', minutes: 19, video: 'y17RuWkWdn8' },
          { title: 'Async JavaScript', minutes: 25, video: 'PoRJizFvM7s' },
        ],
      },
    ],
  },
  {
    title: 'Python for Data Analysis',
    category: 'data-science',
    level: 'beginner',
    educator: 1,
    price: 649,
    discount: 50,
    summary: 'Clean, explore and visualise data with Python, pandas and matplotlib, from CSV files to clear charts.',
    points: ['pandas DataFrames', 'Cleaning messy data', 'Grouping and aggregation', 'Charts that tell a story'],
    chapters: [
      {
        title: 'Python refresher',
        lectures: [
          intro('rfscVS0vtbw', 9),
          { title: 'Lists, dicts and comprehensions', minutes: 17, video: 'kqtD5dpn9C8' },
        ],
      },
      {
        title: 'pandas',
        lectures: [
          { title: 'DataFrames', minutes: 28, video: 'vmEHCJofslg' },
          { title: 'Grouping', minutes: 23, video: 'txMdrV1Ut64' },
        ],
      },
      { title: 'Visualisation', lectures: [{ title: 'matplotlib basics', minutes: 20, video: '3Xc3CA655Y4' }] },
    ],
  },
  {
    title: 'React 19 from Scratch',
    category: 'web-development',
    level: 'intermediate',
    educator: 0,
    price: 699,
    discount: 10,
    summary: 'Build modern user interfaces with React 19: components, hooks, forms, data fetching and routing.',
    points: ['Components and props', 'State and effects', 'Forms and actions', 'Routing'],
    chapters: [
      {
        title: 'Thinking in React',
        lectures: [intro('SqcY0GlETPk', 7), { title: 'Components and JSX', minutes: 22, video: 'Tn6-PIqc4UM' }],
      },
      {
        title: 'Hooks',
        lectures: [
          { title: 'useState and useEffect', minutes: 30, video: 'O6P86uwfdR0' },
          { title: 'Custom hooks', minutes: 18, video: '6ThXsUwLWvc' },
        ],
      },
    ],
  },
  {
    title: 'Node.js and Koa APIs',
    category: 'web-development',
    level: 'intermediate',
    educator: 0,
    price: 549,
    discount: 25,
    summary:
      'Design and build a production-ready JSON API with Node.js and Koa: middleware, validation, errors and tests.',
    points: ['Koa middleware', 'Validation with zod', 'Central error handling', 'Testing over HTTP'],
    chapters: [
      {
        title: 'Node.js basics',
        lectures: [intro('Oe421EPjeBE'), { title: 'Modules and the event loop', minutes: 19, video: 'TlB_eWDSMt4' }],
      },
      {
        title: 'Building the API',
        lectures: [
          { title: 'Routing and middleware', minutes: 26, video: 'fBNz5xF-Kx4' },
          { title: 'Errors and validation', minutes: 21, video: 'ENrzD9HAZK4' },
        ],
      },
    ],
  },
  {
    title: 'SQL and Database Design',
    category: 'databases',
    level: 'beginner',
    educator: 1,
    price: 449,
    discount: 15,
    summary: 'Model data well and query it with confidence: normalisation, joins, indexes and transactions.',
    points: ['Relational modelling', 'Joins and subqueries', 'Indexes', 'Transactions'],
    chapters: [
      {
        title: 'Modelling',
        lectures: [intro('HXV3zeQKqGY', 11), { title: 'Normal forms', minutes: 24, video: 'GFQaEYEc8_8' }],
      },
      {
        title: 'Querying',
        lectures: [
          { title: 'Joins', minutes: 20, video: '9yeOJ0ZMUYw' },
          { title: 'Indexes', minutes: 16, video: 'fsG1XaZEa78' },
        ],
      },
    ],
  },
  {
    title: 'MongoDB in Practice',
    category: 'databases',
    level: 'intermediate',
    educator: 1,
    price: 599,
    discount: 30,
    summary:
      'Document modelling, queries, indexes and atomic updates in MongoDB, with patterns from real applications.',
    points: ['Document design', 'Queries and projections', 'Indexes', 'Atomic updates'],
    chapters: [
      {
        title: 'Documents',
        lectures: [intro('ExcRbA7fy_A'), { title: 'Modelling documents', minutes: 23, video: 'c2M-rlkkT5o' }],
      },
      {
        title: 'Operations',
        lectures: [
          { title: 'Update operators', minutes: 19, video: 'J6mDkcqU_ZE' },
          { title: 'Indexes', minutes: 17, video: 'oebmxfk2BKs' },
        ],
      },
    ],
  },
  {
    title: 'TypeScript Deep Dive',
    category: 'programming-languages',
    level: 'advanced',
    educator: 0,
    price: 599,
    discount: 0,
    summary:
      'Go beyond the basics of TypeScript: generics, narrowing, mapped and conditional types, and strict configurations.',
    points: ['Generics', 'Narrowing', 'Mapped and conditional types', 'Strict mode'],
    chapters: [
      {
        title: 'Types',
        lectures: [intro('BwuLxPH8IDs', 6), { title: 'Narrowing', minutes: 18, video: 'd56mG7DezGs' }],
      },
      {
        title: 'Advanced types',
        lectures: [
          { title: 'Generics', minutes: 25, video: 'EcCTIExsqmI' },
          { title: 'Conditional types', minutes: 28, video: 'zM9UPcIyyhQ' },
        ],
      },
    ],
  },
  {
    title: 'Docker and Kubernetes Basics',
    category: 'devops-cloud',
    level: 'beginner',
    educator: 1,
    price: 899,
    discount: 40,
    summary:
      'Package applications in containers and run them on Kubernetes: images, compose, deployments and services.',
    points: ['Images and containers', 'Docker Compose', 'Deployments', 'Services and ingress'],
    chapters: [
      {
        title: 'Containers',
        lectures: [intro('3c-iBn73dDE'), { title: 'Writing a Dockerfile', minutes: 21, video: 'pTFZFxd4hOI' }],
      },
      {
        title: 'Kubernetes',
        lectures: [
          { title: 'Pods and deployments', minutes: 33, video: 's_o8dwzRlu4' },
          { title: 'Services', minutes: 19, video: 'X48VuDVv0do' },
        ],
      },
    ],
  },
  {
    title: 'UI Design Fundamentals',
    category: 'design',
    level: 'beginner',
    educator: 0,
    price: 349,
    discount: 5,
    summary: 'Layout, typography, colour and accessibility: the fundamentals that make interfaces clear and pleasant.',
    points: ['Layout and spacing', 'Typography', 'Colour', 'Accessibility'],
    chapters: [
      {
        title: 'Principles',
        lectures: [intro('tRpoI6vkqLs', 5), { title: 'Spacing and grids', minutes: 14, video: 'c9Wg6Cb_YlU' }],
      },
      {
        title: 'Details',
        lectures: [
          { title: 'Typography', minutes: 16, video: 'QrNi9FmdlxY' },
          { title: 'Colour and contrast', minutes: 13, video: 'Qj1FK8n7WgY' },
        ],
      },
    ],
  },
  {
    title: 'Machine Learning Foundations',
    category: 'data-science',
    level: 'intermediate',
    educator: 1,
    price: 999,
    discount: 45,
    summary:
      'The ideas behind machine learning, explained with code: regression, classification, evaluation and overfitting.',
    points: ['Linear regression', 'Classification', 'Model evaluation', 'Overfitting and regularisation'],
    chapters: [
      {
        title: 'Basics',
        lectures: [intro('GwIo3gDZCVQ', 12), { title: 'Linear regression', minutes: 29, video: 'nk2CQITm_eo' }],
      },
      {
        title: 'Models',
        lectures: [
          { title: 'Classification', minutes: 31, video: 'yIYKR4sgzI8' },
          { title: 'Evaluating models', minutes: 24, video: 'Kdsp6soqA7o' },
        ],
      },
    ],
  },
  {
    title: 'Go for Backend Engineers',
    category: 'programming-languages',
    level: 'intermediate',
    educator: 0,
    price: 749,
    discount: 20,
    summary: 'Write clear, fast backend services in Go: types, interfaces, goroutines, HTTP servers and testing.',
    points: ['Types and interfaces', 'Goroutines and channels', 'HTTP servers', 'Testing'],
    chapters: [
      {
        title: 'The language',
        lectures: [intro('un6ZyFkqFKo', 9), { title: 'Interfaces', minutes: 20, video: 'YS4e4q9oBaU' }],
      },
      {
        title: 'Services',
        lectures: [
          { title: 'Goroutines', minutes: 23, video: 'LvgVSSpwND8' },
          { title: 'HTTP servers', minutes: 27, video: 'jFfo23yIWac' },
        ],
      },
    ],
  },
];
