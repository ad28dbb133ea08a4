# GTKWave batch script (docs/waves.md): write the signals the loaded layout displays to the
# file named by $VGIW_WAVE_LIST, one per line, then quit. Used by tb/wave/wave_check.sh.
set out [open $::env(VGIW_WAVE_LIST) w]
foreach sig [gtkwave::getDisplayedSignals] {
    puts $out $sig
}
close $out
gtkwave::/File/Quit
