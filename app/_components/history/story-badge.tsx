/** A shared story's mark: a coloured letter, with its words for screen readers (SPEC WEB-5; colour is never the only cue). */
import type { StoryMark } from "@/lib/pages/story-marks";

export function StoryBadge({ mark }: { mark: StoryMark }) {
  return (
    <>
      <span className="story-mark" style={{ background: mark.colour }} aria-hidden="true" data-story={mark.storyId}>
        {mark.letter}
      </span>
      <span className="visually-hidden">Historia {mark.letter}: </span>
    </>
  );
}
