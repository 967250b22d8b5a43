// Non-variadic wrappers over libedit for Swift, which cannot call C variadic functions.
// Only what Wayfinder's EditLineReader uses; each wrapper returns what the wrapped call returns.
#ifndef WAYFINDER_CEDITLINE_SHIM_H
#define WAYFINDER_CEDITLINE_SHIM_H

#include <histedit.h>

/// A prompt function: returns the prompt to show, valid until the next call.
typedef char *(*wf_prompt_function)(EditLine *);

/// An editor command bound to a key: returns one of the CC_* codes.
typedef unsigned char (*wf_command_function)(EditLine *, int);

/// `el_init` on the process's standard streams. C's `stdin`, `stdout` and `stderr` are
/// named here, on the C side: their types differ between C libraries (musl's `FILE` is
/// opaque to Swift), and Swift code would need to import the C library to name them.
static inline EditLine *wf_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int wf_el_set_prompt(EditLine *el, wf_prompt_function function) {
    return el_set(el, EL_PROMPT, function);
}

/// `mode` is "emacs" or "vi".
static inline int wf_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// With 1, libedit restores the terminal on signals and passes them on to our handlers.
static inline int wf_el_set_signal(EditLine *el, int handleSignals) {
    return el_set(el, EL_SIGNAL, handleSignals);
}

/// Connects `history` (libedit's own history function) to the editor for Up and Down.
static inline int wf_el_set_history(EditLine *el, History *hist) {
    return el_set(el, EL_HIST, history, hist);
}

static inline int wf_el_add_function(EditLine *el, const char *name, const char *help,
                                     wf_command_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds one key sequence (e.g. "^I") to a command name.
static inline int wf_el_bind(EditLine *el, const char *keys, const char *command) {
    return el_set(el, EL_BIND, keys, command, (const char *)NULL);
}

/// A function that reads one character for the editor: 1 with a character, 0 at the end of
/// input, -1 on an error or an interruption.
typedef int (*wf_read_function)(EditLine *, wchar_t *);

/// Replaces libedit's own character reading (see EL_GETCFN).
static inline int wf_el_set_read_function(EditLine *el, wf_read_function function) {
    return el_wset(el, EL_GETCFN, function);
}

static inline int wf_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

/// NULL when none was set or the call failed.
static inline void *wf_el_get_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

static inline int wf_history_set_size(History *hist, HistEvent *event, int size) {
    return history(hist, event, H_SETSIZE, size);
}

/// With 1, an entry equal to the previous one is not entered again.
static inline int wf_history_set_unique(History *hist, HistEvent *event, int unique) {
    return history(hist, event, H_SETUNIQUE, unique);
}

static inline int wf_history_enter(History *hist, HistEvent *event, const char *line) {
    return history(hist, event, H_ENTER, line);
}

static inline int wf_history_clear(History *hist, HistEvent *event) {
    return history(hist, event, H_CLEAR);
}

#endif
