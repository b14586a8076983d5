// Faults a test can arm on a simulator: the next transaction submission is applied on chain,
// but its HTTP connection is cut before the answer, so the client cannot tell whether it landed
// (what a timeout or a dropped connection does to a real submission).
export class SandboxFaults {
  private dropSubmitAnswers = 0;

  dropNextSubmitAnswer(): void {
    this.dropSubmitAnswers += 1;
  }

  // True (and disarmed) when this submission's answer must be dropped.
  takeDropSubmitAnswer(): boolean {
    if (this.dropSubmitAnswers === 0) return false;
    this.dropSubmitAnswers -= 1;
    return true;
  }
}
