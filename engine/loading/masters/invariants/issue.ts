/** What an invariant reports: a JSON pointer inside the file and a message; the loader adds the file. */
export interface Issue {
  path: string;
  message: string;
}
